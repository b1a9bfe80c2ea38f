"""Tip Jar, the toy game that docs/adding-a-game.md builds (tests/test_adding_a_game.py keeps
the two the same)."""
