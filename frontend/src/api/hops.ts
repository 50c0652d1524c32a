/** The hops of the answer stream, from the generated schema (`npm run gen:api`): never written out here. */

import { pathsQueryPostResponses200ContentTextEventStreamEventValues as STREAM_EVENTS } from "./schema";

/** The events of the answer stream (`POST /query`), as the OpenAPI document lists them. */
export type StreamEventName = (typeof STREAM_EVENTS)[number];
/** One event per hop of the pipeline; the stream then ends with `answer` or `error`. */
export type HopName = Exclude<StreamEventName, "answer" | "error">;

function isHop(name: StreamEventName): name is HopName {
  return name !== "answer" && name !== "error";
}

/** The pipeline's hops, in the order the schema lists them. */
export const HOP_NAMES: readonly HopName[] = STREAM_EVENTS.filter(isHop);

export function isHopName(name: string): name is HopName {
  return (HOP_NAMES as readonly string[]).includes(name);
}
