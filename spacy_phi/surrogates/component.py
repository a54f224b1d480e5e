"""The `phi_surrogates` pipeline component: rewrites a Doc whose `doc.ents`
are PHI into `doc._.deidentified`, with `doc._.phi_offset_map` and
`doc._.phi_surrogate_stats`. `doc.text` is never changed.

Key and secret:
- the patient/record key of a doc is `doc.user_data["phi_patient_key"]`,
  else `doc.user_data["phi_record_id"]` (set by the converters), else a
  random per-doc key (no consistency across docs);
- the secret is read from `secret_file` (config) if set, else from the
  environment variable `secret_env` (default SPACY_PHI_SECRET), else a random
  per-run secret. It is never serialized, logged or shown in repr.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

import srsly
from spacy import util
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc
from spacy.util import SimpleFrozenList, ensure_path

from .._logging import logger
from ..config_checks import check_labels
from .ages import AGE_MODES
from .generator import PARTIAL_DATE_MODES, SURROGATE_LANGS, SurrogateGenerator
from .geography import ZIP3_MODES
from .keys import RECORD_ID_FIELD, PATIENT_KEY_FIELD, SECRET_ENV_VAR, doc_key, load_secret
from .replacer import MODES, deidentify_text

DEFAULT_ID_PREFIXES = ["MRN", "MR#", "ACCT", "#"]


def install_extensions() -> None:
    """Register the Doc extensions (idempotent; never overwrites another
    package's extension of the same name)."""
    if not Doc.has_extension("deidentified"):
        Doc.set_extension("deidentified", default=None)
    if not Doc.has_extension("phi_offset_map"):
        Doc.set_extension("phi_offset_map", default=None)
    if not Doc.has_extension("phi_surrogate_stats"):
        Doc.set_extension("phi_surrogate_stats", default=None)


def generator_from_cfg(
    secret: bytes, key: str, cfg: Dict[str, Any], reference_date: Optional[Any] = None
) -> SurrogateGenerator:
    """The SurrogateGenerator of one record under a `phi_surrogates` config: the
    one place that turns the component's settings into a generator (also used by
    the FHIR writer, so structured dates move as the note's dates do)."""
    return SurrogateGenerator(
        secret,
        key,
        date_shift_min=cfg["date_shift_min"],
        date_shift_max=cfg["date_shift_max"],
        age_mode=cfg["age_mode"],
        age_cap=cfg["age_cap"],
        age_cap_text=cfg["age_cap_text"],
        id_prefixes=cfg["id_prefixes"],
        reference_date=reference_date,
        zip3_mode=cfg["zip3_mode"],
        partial_dates=cfg["partial_dates"],
        lang=cfg["lang"] or "en",
    )


class PhiSurrogates(Pipe):
    """Replace the PHI entities of a Doc with surrogates, masks, tags or
    filler, in a new string.

    name (str): the component name.
    settings: see `make_phi_surrogates`.
    """

    def __init__(self, name: str = "phi_surrogates", **settings: Any) -> None:
        self.name = name
        self._secret: Optional[bytes] = None
        self._secret_is_random = False
        # The actions of a site's policy (`spacy_phi.policy`), over `modes` and
        # `default_mode`; held apart from the settings, so never saved with them.
        self.policy_modes: Dict[str, str] = {}
        self._set_settings(settings)
        # The settings as the config gave them: `configure` changes are not saved.
        self._config_settings: Dict[str, Any] = dict(self.cfg)
        install_extensions()

    # -- settings -----------------------------------------------------------

    def _set_settings(self, settings: Dict[str, Any]) -> None:
        cfg = dict(_DEFAULTS)
        cfg.update(settings)
        # An unknown label would leave its entities to default_mode without a word.
        check_labels("phi_surrogates", "modes", cfg["modes"])
        for label, mode in cfg["modes"].items():
            if mode not in MODES:
                raise ValueError(f"phi_surrogates: unknown mode {mode!r} for {label}; expected one of {MODES}")
        if cfg["default_mode"] not in MODES:
            raise ValueError(f"phi_surrogates: unknown default_mode {cfg['default_mode']!r}")
        if cfg["age_mode"] not in AGE_MODES:
            raise ValueError(f"phi_surrogates: unknown age_mode {cfg['age_mode']!r}")
        if cfg["partial_dates"] not in PARTIAL_DATE_MODES:
            raise ValueError(f"phi_surrogates: unknown partial_dates {cfg['partial_dates']!r}; expected one of {PARTIAL_DATE_MODES}")
        if cfg["zip3_mode"] not in ZIP3_MODES:
            raise ValueError(f"phi_surrogates: unknown zip3_mode {cfg['zip3_mode']!r}; expected one of {ZIP3_MODES}")
        if cfg["lang"] not in (None,) + SURROGATE_LANGS:
            raise ValueError(f"phi_surrogates: unknown lang {cfg['lang']!r}; expected one of {SURROGATE_LANGS}")
        if not 1 <= int(cfg["date_shift_min"]) <= int(cfg["date_shift_max"]):
            raise ValueError("phi_surrogates: need 1 <= date_shift_min <= date_shift_max")
        cfg["modes"] = dict(cfg["modes"])
        cfg["id_prefixes"] = list(cfg["id_prefixes"])
        self.cfg = cfg
        self._secret = None  # reloaded lazily: the file or env var may have changed

    @property
    def settings(self) -> Dict[str, Any]:
        """The settings (JSON-serializable; no secret)."""
        return dict(self.cfg)

    def configure(self, **settings: Any) -> None:
        """Change some settings (the others keep their values), validated as in
        the factory. Used by `spacy-phi deid` for --mode and --secret-file.

        settings: any of the factory's settings.
        RAISES (ValueError): an invalid value.
        """
        unknown = sorted(set(settings) - set(_DEFAULTS))
        if unknown:
            raise ValueError(f"phi_surrogates: unknown settings {unknown}")
        self._set_settings({**self.cfg, **settings})

    def set_policy_modes(self, modes: Dict[str, str]) -> None:
        """Use a policy's action per label (over `modes`); {} for none.

        modes (Dict[str, str]): label -> mode.
        RAISES (ValueError): an unknown mode.
        """
        for label, mode in modes.items():
            if mode not in MODES:
                raise ValueError(f"phi_surrogates: unknown mode {mode!r} for {label}; expected one of {MODES}")
        self.policy_modes = dict(modes)

    @property
    def effective_modes(self) -> Dict[str, str]:
        """The mode of each label that has its own: the settings' `modes`, then the policy's."""
        return {**self.cfg["modes"], **self.policy_modes}

    @property
    def secret(self) -> bytes:
        # Loaded on first use, not at construction, so building or loading a
        # pipeline never needs the secret.
        if self._secret is None:
            file, env = self.cfg["secret_file"], self.cfg["secret_env"]
            self._secret = load_secret(file, env)
            self._secret_is_random = not file and not (env and os.environ.get(env))
        return self._secret

    def use_secret(self, secret: bytes) -> None:
        """Use this secret instead of loading it from the file or environment,
        until the settings change (`configure`). The Spark engine hands each
        executor the driver's secret this way (see `spacy_phi.spark`).

        secret (bytes): the secret (not empty).
        RAISES (ValueError): an empty secret.
        """
        if not secret:
            raise ValueError("phi_surrogates: the secret is empty")
        self._secret = bytes(secret)
        self._secret_is_random = False

    def __getstate__(self) -> Dict[str, Any]:
        # Pickling (nlp.pipe(n_process=...), Spark) must not carry a real
        # secret: workers reload it from the file or environment. A random
        # per-run secret is kept so all workers of the run agree.
        state = dict(self.__dict__)
        if not state.get("_secret_is_random"):
            state["_secret"] = None
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(state)
        install_extensions()

    def __reduce__(self) -> Any:
        # Cython's pickling of Pipe would bypass __getstate__ (carrying the
        # secret) and hand __setstate__ a tuple (failing spawned workers).
        return (_unpickle_surrogates, (type(self), self.__getstate__()))

    def __repr__(self) -> str:
        return f"<PhiSurrogates name={self.name!r} default_mode={self.cfg['default_mode']!r}>"

    # -- processing ---------------------------------------------------------

    def generator_for(self, doc: Doc) -> SurrogateGenerator:
        """The SurrogateGenerator of a doc (its key from `doc.user_data`).

        doc (Doc): the doc.
        RETURNS (SurrogateGenerator): a fresh generator for it.
        """
        cfg = self.cfg
        key = doc_key(doc.user_data, cfg["patient_key_field"], cfg["record_id_field"])
        field = cfg["reference_date_field"]
        reference = _reference_date(doc.user_data.get(field)) if field else None
        return generator_from_cfg(self.secret, key, cfg, reference_date=reference)

    def _process(self, doc: Doc) -> Doc:
        install_extensions()  # cheap; covers workers that unpickled us
        cfg = self.cfg
        ents = doc.ents  # read once: Doc.ents rebuilds its spans from every token on each access
        if not ents:
            doc._.deidentified = doc.text
            doc._.phi_offset_map = []
            doc._.phi_surrogate_stats = {}
            return doc
        modes = self.effective_modes
        used = {modes.get(e.label_, cfg["default_mode"]) for e in ents}
        result = deidentify_text(
            doc.text,
            ents,
            generator=self.generator_for(doc) if "surrogate" in used else None,
            modes=modes,
            default_mode=cfg["default_mode"],
            redact_char=cfg["redact_char"],
            hash_secret=self.secret if "hash" in used else None,
        )
        doc._.deidentified = result.text
        doc._.phi_offset_map = [entry.to_dict() for entry in result.offset_map]
        doc._.phi_surrogate_stats = result.stats
        return doc

    def __call__(self, doc: Doc) -> Doc:
        """Apply the component to a Doc.

        doc (Doc): the Doc, with PHI in `doc.ents`.
        RETURNS (Doc): the Doc with `doc._.deidentified` etc. set.
        """
        error_handler = self.get_error_handler()
        try:
            return self._process(doc)
        except Exception as e:
            error_handler(self.name, self, [doc], e)
            return doc

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:
        """Apply the component to a stream of Docs.

        stream (Iterable[Doc]): the Docs.
        batch_size (int): unused (one Doc at a time).
        YIELDS (Doc): the processed Docs.
        """
        for doc in stream:
            yield self(doc)

    # -- serialization: nothing (the settings are the config's; never the secret) --
    #
    # Every setting is a factory argument, so the pipeline's config.cfg holds it and
    # `spacy.load(path, config=...)` can override it. `from_disk` reads nothing, so
    # a setting given at load time is never replaced by a saved copy. `to_disk`
    # still writes "cfg", the settings as the config gave them, only so that
    # earlier versions of the package (which read it) load the pipeline right.

    def _warn_if_reconfigured(self) -> None:
        built = getattr(self, "_config_settings", self.cfg)  # absent in a component pickled before
        if self.cfg != built:
            changed = sorted(k for k in self.cfg if self.cfg[k] != built.get(k))
            logger.warning(
                "phi_surrogates: settings changed after the pipeline was built (%s) are not saved; "
                "give them in the pipeline's config (or at spacy.load) to keep them",
                ", ".join(changed),
            )

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Serialize the settings as the config gave them (read by earlier versions only).

        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (bytes): The serialized component.
        """
        self._warn_if_reconfigured()
        return util.to_bytes({"cfg": lambda: srsly.json_dumps(self._config_settings)}, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiSurrogates":
        """Nothing to load: the settings are those the component was built with
        (the saved "cfg" copy is not read).

        bytes_data (bytes): The data to load.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (PhiSurrogates): The component.
        """
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """Save the settings as the config gave them, for earlier versions of the
        package only (this one reads the config); never the secret.

        path (Union[str, Path]): A path to a directory, created if needed.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        """
        self._warn_if_reconfigured()
        util.to_disk(ensure_path(path), {"cfg": lambda p: srsly.write_json(p, self._config_settings)}, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiSurrogates":
        """Nothing to load: the settings are those the component was built with
        from the config (the saved "cfg" copy is not read).

        path (Union[str, Path]): A path to a directory.
        exclude (Iterable[str]): String names of serialization fields to exclude.
        RETURNS (PhiSurrogates): The component.
        """
        return self


_DEFAULTS: Dict[str, Any] = {
    "default_mode": "surrogate",
    "modes": {},
    "secret_env": SECRET_ENV_VAR,
    "secret_file": None,
    "patient_key_field": PATIENT_KEY_FIELD,
    "record_id_field": RECORD_ID_FIELD,
    "date_shift_min": 30,
    "date_shift_max": 365,
    "age_mode": "hipaa",
    "age_cap": 89,
    "age_cap_text": "90+",
    "id_prefixes": DEFAULT_ID_PREFIXES,
    "redact_char": "*",
    "reference_date_field": "phi_reference_date",
    "zip3_mode": "surrogate",
    "partial_dates": "exact",
    # "en", "es" (Spanish names, places, date words); null: the pipeline's language.
    "lang": None,
}


def _reference_date(value: Any) -> Optional[dt.date]:
    """The record's reference date from `doc.user_data` (a date, or an ISO
    "YYYY-MM-DD..." string); None when absent or unreadable (the note's own
    first non-birth date is used then)."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str) and len(value) >= 10:
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


@Language.factory(
    "phi_surrogates",
    assigns=["doc._.deidentified", "doc._.phi_offset_map"],
    default_config=dict(_DEFAULTS),
)
def make_phi_surrogates(
    nlp: Language,
    name: str,
    default_mode: str,
    modes: Dict[str, str],
    secret_env: Optional[str],
    secret_file: Optional[str],
    patient_key_field: str,
    record_id_field: str,
    date_shift_min: int,
    date_shift_max: int,
    age_mode: str,
    age_cap: int,
    age_cap_text: str,
    id_prefixes: List[str],
    redact_char: str,
    reference_date_field: str = "phi_reference_date",
    zip3_mode: str = "surrogate",
    partial_dates: str = "exact",
    lang: Optional[str] = None,
) -> PhiSurrogates:
    """Create a PhiSurrogates component (the "phi_surrogates" factory).

    nlp (Language): The pipeline.
    name (str): The component name.
    default_mode (str): "surrogate", "mask", "tag", "redact", "keep" or "hash".
    modes (Dict[str, str]): mode per label, e.g. {"DATE": "tag"}.
    secret_env (Optional[str]): environment variable holding the secret.
    secret_file (Optional[str]): file holding the secret (wins over the env).
    patient_key_field (str): `doc.user_data` key of the patient key.
    record_id_field (str): `doc.user_data` key of the record id (fallback).
    date_shift_min (int): smallest date shift in days (>= 1).
    date_shift_max (int): largest date shift in days.
    age_mode (str): "hipaa" (keep ages <= age_cap) or "strict".
    age_cap (int): largest age shown.
    age_cap_text (str): replacement of ages above age_cap.
    id_prefixes (List[str]): fixed ID prefixes kept as written.
    redact_char (str): filler of the "redact" mode.
    reference_date_field (str): `doc.user_data` key of the record's date
        (ISO string or date): partial dates move exactly as it does; "" to
        always use the note's first non-birth full date.
    zip3_mode (str): "surrogate" (ZIP of the surrogate place) or
        "safe_harbor" (original ZIP-3, "000" for restricted areas, then zeros).
    partial_dates (str): "exact" (year-only and month-year dates move as the
        note's date does; a year may stay) or "rounded" (never unchanged).
    lang (Optional[str]): "en" or "es" (Spanish names, places and date words);
        None: "es" for a Spanish pipeline, else "en".
    RETURNS (PhiSurrogates): The component.
    """
    install_extensions()
    return PhiSurrogates(
        name,
        default_mode=default_mode,
        modes=modes,
        secret_env=secret_env,
        secret_file=secret_file,
        patient_key_field=patient_key_field,
        record_id_field=record_id_field,
        date_shift_min=date_shift_min,
        date_shift_max=date_shift_max,
        age_mode=age_mode,
        age_cap=age_cap,
        age_cap_text=age_cap_text,
        id_prefixes=id_prefixes,
        redact_char=redact_char,
        reference_date_field=reference_date_field,
        zip3_mode=zip3_mode,
        partial_dates=partial_dates,
        lang=lang or ("es" if nlp.lang == "es" else "en"),
    )


def _unpickle_surrogates(cls: type, state: Dict[str, Any]) -> "PhiSurrogates":
    """Rebuild a pickled PhiSurrogates (see `PhiSurrogates.__reduce__`)."""
    component = cls.__new__(cls)
    component.__setstate__(state)
    return component
