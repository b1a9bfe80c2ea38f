"""The 21-field game (../shared/rules/matador21.da.txt, rules 101-706): the whole game from its dice."""
