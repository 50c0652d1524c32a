import type { components } from "./schema";

type Schemas = components["schemas"];

export type QueryRequest = Schemas["QueryRequest"];
export type QueryFilterParams = Schemas["QueryFilterParams"];
export type QueryResponse = Schemas["QueryResponse"];
export type AnswerStatus = QueryResponse["status"];
export type Figure = Schemas["Figure"];
export type Citation = Schemas["Citation"];
export type CellRef = Schemas["CellRef"];
export type TraceEvent = Schemas["TraceEvent"];
export type Problem = Schemas["Problem"];
export type Filing = Schemas["FilingOut"];
export type FilingList = Schemas["FilingList"];
export type Page = Schemas["PageOut"];
export type Table = Schemas["TableOut"];
export type Cell = Schemas["CellOut"];
export type Box = Schemas["Box"];
export type Job = Schemas["JobOut"];
export type JobStage = Schemas["JobStage"];
