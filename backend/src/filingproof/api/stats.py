"""The persisted query log: one row per answered (or failed) query, summarised for `GET /stats`."""

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from filingproof.api.schemas import Latency, ProviderCost, RecentQuery, Stats
from filingproof.db.models import QueryLog

RECENT_QUERIES = 20


async def record_query(
    sessionmaker: async_sessionmaker[AsyncSession],
    *,
    question: str,
    status: str,
    latency_ms: float,
    provider: str,
    tokens: int,
    cost: float,
    route: str,
) -> None:
    async with sessionmaker() as session:
        # A log line need not wait for the disk: the commit returns before its WAL is flushed (a crash
        # may lose the last lines, never corrupt them), so that no answer waits on an fsync (up to 40 ms
        # on a busy disk).
        await session.execute(text("SET LOCAL synchronous_commit = off"))
        session.add(
            QueryLog(
                question=question,
                status=status,
                latency_ms=latency_ms,
                provider=provider,
                tokens=tokens,
                cost=cost,
                route=route,
            )
        )
        await session.commit()


async def query_stats(session: AsyncSession, with_questions: bool) -> Stats:
    """Counts, latency and cost of every query; the recent questions themselves only `with_questions`
    (for the admin: a question is its asker's, not every visitor's)."""
    count, p50, p95 = (
        await session.execute(
            select(
                func.count(QueryLog.id),
                func.percentile_cont(0.5).within_group(QueryLog.latency_ms),
                func.percentile_cont(0.95).within_group(QueryLog.latency_ms),
            )
        )
    ).one()
    statuses = dict(
        (await session.execute(select(QueryLog.status, func.count()).group_by(QueryLog.status)))
        .tuples()
        .all()
    )
    providers = await session.execute(
        select(QueryLog.provider, func.count(), func.sum(QueryLog.tokens), func.sum(QueryLog.cost))
        .group_by(QueryLog.provider)
        .order_by(QueryLog.provider)
    )
    recent = await session.execute(
        select(QueryLog).order_by(QueryLog.id.desc()).limit(RECENT_QUERIES if with_questions else 0)
    )
    return Stats(
        queries=count,
        latency=Latency(
            p50_ms=None if p50 is None else round(float(p50), 2),
            p95_ms=None if p95 is None else round(float(p95), 2),
        ),
        statuses=statuses,
        cost_by_provider=[
            ProviderCost(provider=provider, queries=queries, tokens=int(tokens or 0), cost=float(cost or 0))
            for provider, queries, tokens, cost in providers.tuples()
        ],
        recent=[RecentQuery.model_validate(row, from_attributes=True) for row in recent.scalars()],
    )
