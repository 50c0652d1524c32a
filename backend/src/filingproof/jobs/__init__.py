"""Ingestion as jobs on procrastinate's PostgreSQL queue, on the product's own database.

`requests` says what a job ingests; `records` is our row per job (`ingest_jobs`: status, stages, timings,
error, filing); `progress` records the pipeline's stages into it while a job runs; `queue` defers jobs and
runs workers (`filingproof worker`, or the command line's own local worker), retrying EDGAR outages with
backoff and the jobs of workers that died.
"""
