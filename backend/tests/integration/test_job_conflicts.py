"""A job whose transaction PostgreSQL ended to break a deadlock is tried again, as an EDGAR outage is: the
same filing, stored again, passes. Any other database error still fails the job. The errors are real ones,
raised by two transactions of the embedded database of a throwaway home that lock two rows in opposite
orders, and by a duplicate key."""

import asyncio

import pytest
from procrastinate.jobs import Job
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from throwaway_home import migrated_home

from filingproof.db.session import Sessions
from filingproof.jobs.queue import INGEST_TASK, QUEUE, SourceRetry

ROWS = "INSERT INTO companies (cik, ticker, name, aliases) VALUES (1, 'A', 'A', '{}'), (2, 'B', 'B', '{}')"


def job(attempts: int) -> Job:
    return Job(id=1, queue=QUEUE, lock=None, queueing_lock=None, task_name=INGEST_TASK, attempts=attempts)


async def lock_in_order(sessions: Sessions, first: int, second: int, both_have_one: asyncio.Barrier) -> None:
    async with sessions() as session, session.begin():
        lock = text("SELECT 1 FROM companies WHERE cik = :cik FOR UPDATE")
        await session.execute(lock, {"cik": first})
        await both_have_one.wait()
        await session.execute(lock, {"cik": second})


async def deadlock(sessions: Sessions) -> DBAPIError:
    async with sessions() as session, session.begin():
        await session.execute(text(ROWS))
    both_have_one = asyncio.Barrier(2)
    outcomes = await asyncio.gather(
        lock_in_order(sessions, 1, 2, both_have_one),
        lock_in_order(sessions, 2, 1, both_have_one),
        return_exceptions=True,
    )
    [error] = [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
    assert isinstance(error, DBAPIError), error
    return error


async def test_a_deadlocked_job_is_retried_and_a_duplicate_key_fails() -> None:
    retry = SourceRetry(max_attempts=3, base_s=1)
    async with migrated_home("filingproof-conflicts-") as (_, sessions):
        error = await deadlock(sessions)
        assert "deadlock detected" in str(error)
        decision = retry.get_retry_decision(exception=error, job=job(attempts=0))
        assert decision is not None
        # the third attempt is the last
        assert retry.get_retry_decision(exception=error, job=job(attempts=2)) is None
        with pytest.raises(DBAPIError) as duplicate:
            async with sessions() as session, session.begin():
                await session.execute(text(ROWS))
        assert "duplicate key" in str(duplicate.value)
        assert retry.get_retry_decision(exception=duplicate.value, job=job(attempts=0)) is None
