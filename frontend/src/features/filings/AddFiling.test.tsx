import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Job } from "../../api/types";
import { JobView } from "./AddFiling";
import { addReducer, initialAddState } from "./jobProgress";

const failedJob: Job = {
  id: 3,
  source: "notes.htm",
  status: "failed",
  attempts: 1,
  stage: "parse",
  stages: [
    { name: "fetch", done: 1, total: 1, seconds: 0.01, finished: true },
    { name: "parse", done: 0, total: 1, seconds: null, finished: false },
  ],
  error: "notes.htm has no inline XBRL cover facts",
  outcome: null,
  filing_id: null,
  created_at: "2025-01-01T10:00:00Z",
  started_at: "2025-01-01T10:00:00Z",
  finished_at: "2025-01-01T10:00:01Z",
  updated_at: "2025-01-01T10:00:01Z",
};

function show(job: Job) {
  const state = addReducer(addReducer(initialAddState, { type: "submit", attempt: 1 }), { type: "job", attempt: 1, job });
  return render(
    <MemoryRouter>
      <JobView state={state} />
    </MemoryRouter>,
  );
}

describe("JobView", () => {
  it("shows a failed job's error as an alert, beside its stages", () => {
    show(failedJob);
    expect(screen.getByRole("alert")).toHaveTextContent("The filing could not be added: the job failed while reading text, tables and XBRL tags: notes.htm has no inline XBRL cover facts.");
    const stages = screen.getAllByTestId("job-stage");
    expect(stages.map((row) => row.dataset.stage)).toEqual(["fetch", "parse"]);
    expect(screen.getByRole("progressbar", { name: "Fetching the document: 10 ms" })).toHaveAttribute("value", "1");
    expect(screen.queryByTestId("added-filing-link")).toBeNull();
  });

  it("links to the new filing once the job succeeded", () => {
    show({ ...failedJob, status: "succeeded", stage: null, error: null, outcome: "ingested", filing_id: 42, stages: failedJob.stages.map((stage) => ({ ...stage, finished: true, seconds: 1 })) });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("link", { name: "Open it in the viewer" })).toHaveAttribute("href", "/view/42/1");
  });
});
