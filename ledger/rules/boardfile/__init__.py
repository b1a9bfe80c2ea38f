"""A Monopoly-like board that a table describes in one TOML file (`ledger new --board FILE`):
its fields, money, jail and house rules are the file's, copied into the workbook's Board sheet."""
