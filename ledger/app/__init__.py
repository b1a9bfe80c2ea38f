"""The app layer: one module a use case, between the command line (or the web pages) and the
rest. `pipeline` is the path every command follows (load, check, post, change, check, save;
all or nothing), `after` what a command writes after its save, `balance` the balances,
`views` checking with a filter, `close` and `campaign` the closed periods. A face imports the
module of the use case it runs, and so a command imports no other use case."""
