"""Sphinx configuration: the API reference from the docstrings, and the rule decisions
of docs/rules/.  Build: sphinx-build -W docs docs/_build/html (a test does, warnings
as errors)."""
from importlib.metadata import version as _version

project = "hupai"
author = "the hupai developers"
copyright = "2026, the hupai developers"
release = _version("hupai")
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True
napoleon_google_docstring = False
napoleon_numpy_docstring = False
# the README's links into docs/rules/ are relative to the checkout
myst_heading_anchors = 3
html_theme = "alabaster"
nitpicky = False
# the flows name the engine's Round only for type checkers (the engine imports the rules)
autodoc_type_aliases = {"Round": "hupai.table.round.Round"}
# hupai.rules re-exports its classes (hupai.rules.Region is hupai.rules.region.Region):
# a type hint naming one has two targets, both right
suppress_warnings = ["ref.python"]
