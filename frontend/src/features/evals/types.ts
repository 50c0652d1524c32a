/** The evaluation API's bodies (`POST /eval/run`, `GET /eval/runs`, `GET /eval/runs/{id}`). */

import type { components } from "../../api/schema";

type Schemas = components["schemas"];

export type Scores = Schemas["Scores"];
export type ScoreKey = keyof Scores;
/** Differences to the previous finished run of the same gold set, per score (null: not comparable). */
export type Deltas = NonNullable<Schemas["RunSummary"]["deltas"]>;
export type EvalRunSummary = Schemas["RunSummary"];
export type EvalRunDetail = Schemas["RunDetail"];
export type EvalItem = Schemas["ItemResult"];
export type EvalRunStarted = Schemas["EvalRunStarted"];
export type RunStatus = EvalRunSummary["status"];
