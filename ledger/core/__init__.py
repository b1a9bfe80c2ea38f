"""The pure core: money, journal, records, problems. No files, no openpyxl, no typer."""
