"""Tests of the rule layer: the built-in rules by family (`test_<family>.py`,
driven by each family's EXAMPLES, with its look-alikes), the rule engine and
`phi_rules` (`test_engine.py`), the order of the rules (`test_order.py`), the
catalogue of rule ids (`test_catalogue.py`), and the components that follow
`phi_rules` in the rule layer: `phi_known`, `phi_guard`'s vocabulary, `phi_merge`
and the rules-only pipeline."""
