"""The package logger. A NullHandler so library users decide where logs go.

Never log note text or PHI: log ids, counts, labels and offsets only.
"""

import logging

logger = logging.getLogger("spacy_phi")
logger.addHandler(logging.NullHandler())
