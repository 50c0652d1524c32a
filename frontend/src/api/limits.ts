/** Limits the API sets on what it is sent (OpenAPI `QueryRequest.question.maxLength`; checked against the
 * committed document by contract.test.ts, since the generated types carry no lengths). */

export const QUESTION_MAX_LENGTH = 2000;
