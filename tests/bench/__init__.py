"""`make bench` (python -m tests.bench): speed, smoothness, size and memory against fixed targets.

A benchmark, not a test: pytest never collects it (no test_*.py files here) and it never fails on
a number. It prints a table and writes bench-results.json at the repo root. See docs/performance.md.
"""
