"""ledger: the banker's books for economic space games, kept in an Excel workbook."""

__version__ = "0.1.0"
