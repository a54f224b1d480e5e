"""The built-in English rules by label family, one module each: `contact`,
`identifiers`, `location`, `person`, `profession`, `age`, `date`.

Each module has `rules()` (its rules, in order) and `EXAMPLES` ((text, label,
value, rule id) for every rule, run by tests/rules/). `builtin.py` puts the
families together in the order that decides ties.
"""
