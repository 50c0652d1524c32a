import { api, apiUrl, unwrap } from "../../api/client";
import type { Page } from "../../api/types";

export function getPage(filingId: number, pageNo: number, signal: AbortSignal): Promise<Page> {
  return api
    .GET("/filings/{filing_id}/pages/{page_no}", { params: { path: { filing_id: filingId, page_no: pageNo } }, signal })
    .then(unwrap);
}

export function pageImageUrl(filingId: number, pageNo: number): string {
  return apiUrl(`/filings/${filingId}/pages/${pageNo}/image`);
}
