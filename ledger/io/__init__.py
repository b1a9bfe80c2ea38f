"""The edges: reading and writing the workbook, the file lock, history, rendering."""
