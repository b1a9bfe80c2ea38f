"""The packages of the wheel, found rather than listed: every folder of modules under ledger/
(a game added as a folder is in the wheel with nothing else changed), and ledger.templates,
mapped in from the repository's templates/ (pyproject.toml), which no finder can see."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["ledger", "ledger.*"]), "ledger.templates"])
