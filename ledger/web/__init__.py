"""The served pages (`ledger serve`): a read-only face beside the CLI, on the same app layer.

`view` reads the workbook into what the pages show and keeps the last good view; `links` makes
and checks the players' secret links; `server` is the Starlette app and its routes; `headers`
the security headers every response carries; `limits` the deadline a connection has to send
its request.
"""
