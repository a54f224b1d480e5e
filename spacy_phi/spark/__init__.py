"""De-identification on Apache Spark: `deidentify_dataframe` and the engine of
`spacy-phi deid --engine spark` (docs/spark.md).

Needs the `spark` extra (`pip install "spacy_phi[spark]"`: pyspark, pyarrow,
pandas) and Java. Nothing else in spacy_phi imports this package, so
spacy_phi works without pyspark.
"""

from __future__ import annotations

try:
    import pyspark  # noqa: F401
except ImportError as err:  # pragma: no cover - depends on the environment
    raise ImportError(
        'spacy_phi.spark needs pyspark: pip install "spacy_phi[spark]"'
    ) from err

from .dataframe import ERRORS_COLUMN, SPANS_COLUMN, deidentify_dataframe

__all__ = ["ERRORS_COLUMN", "SPANS_COLUMN", "deidentify_dataframe"]
