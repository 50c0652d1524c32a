"""The same question from the same client within a second is answered once (`api.dedup`)."""

import asyncio

from filingproof.agent.response import QueryResponse
from filingproof.api.dedup import RecentQuestions, settle

KEY = ("198.51.100.1", "What was Apple's revenue in 2024?", "{}")


async def test_a_repeat_within_the_window_waits_for_the_first_answer() -> None:
    recent = RecentQuestions(window_s=1.0)
    leads, answer = recent.claim(KEY, now=10.0)
    again, shared = recent.claim(KEY, now=10.9)
    assert leads and not again and shared is answer
    response = QueryResponse(question=KEY[1], answer="…", status="refused")
    settle(answer, response)
    assert await shared is response


async def test_after_the_window_or_from_another_client_the_question_is_asked_afresh() -> None:
    recent = RecentQuestions(window_s=1.0)
    recent.claim(KEY, now=10.0)
    assert recent.claim(KEY, now=11.1)[0]
    assert recent.claim(("198.51.100.2", *KEY[1:]), now=11.2)[0]
    assert recent.claim((KEY[0], KEY[1], '{"tickers": ["AAPL"]}'), now=11.2)[0]


async def test_a_first_request_that_ends_without_an_answer_settles_none() -> None:
    recent = RecentQuestions()
    _, answer = recent.claim(KEY)
    settle(answer, None)
    settle(answer, None)  # settled once; a second settle is harmless
    assert await asyncio.wait_for(answer, 1) is None


async def test_an_answer_is_given_to_a_repeat_until_the_window_closes() -> None:
    recent = RecentQuestions(window_s=1.0)
    _, answer = recent.claim(KEY, now=10.0)
    response = QueryResponse(question=KEY[1], answer="…", status="refused")
    settle(answer, response)
    recent.release(KEY, answer)  # answered: a repeat within the window is given it
    again, shared = recent.claim(KEY, now=10.5)
    assert not again and await shared is response
    assert recent.claim(KEY, now=11.2)[0]  # the window has closed: answered anew


async def test_a_first_request_without_an_answer_leaves_the_question_to_the_next() -> None:
    recent = RecentQuestions(window_s=1.0)
    _, answer = recent.claim(KEY, now=10.0)
    settle(answer, None)
    recent.release(KEY, answer)
    assert recent.claim(KEY, now=10.2)[0]


async def test_a_window_of_zero_merges_nothing() -> None:
    recent = RecentQuestions(window_s=0)
    assert recent.claim(KEY, now=10.0)[0]
    assert recent.claim(KEY, now=10.0)[0]
