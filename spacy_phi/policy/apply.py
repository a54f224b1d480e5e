"""Putting a policy to work in a pipeline, and the `phi_policy` component that
carries it (saved with the pipeline by `to_disk`).

`apply_policy(nlp, policy)` gives each component its part:
- `phi_surrogates`: the action of each label (`set_policy_modes`);
- `phi_guard`: the `never_phi` allow list (vetoes with reason "policy:allow");
- `phi_known`: the `always_phi` terms;
- `phi_rules`: the compiled `patterns`.
These parts are held beside each component's own settings and are not saved
by it, so loading a saved component never drops or doubles them; the policy
itself is the config of the `phi_policy` component, last in the pipeline:

    nlp = spacy.load("my_pipeline", config={"components": {"phi_policy": {"policy": "site.yaml"}}})

For a pipeline without `phi_policy`, `apply_policy` adds it (and `to_disk`
then saves the policy with the pipeline).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Union

import srsly
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc
from spacy.util import SimpleFrozenList, ensure_path

from .errors import PolicyError
from .schema import Policy, PolicyLike, load_policy

#: The name (and factory) of the component holding a pipeline's policy.
POLICY_COMPONENT = "phi_policy"


def _components(nlp: Language, kind: type) -> List[Any]:
    return [pipe for _, pipe in nlp.pipeline if isinstance(pipe, kind)]


def configure_components(nlp: Language, policy: Policy) -> None:
    """Give the pipeline's components their part of the policy (replacing any
    earlier policy's).

    nlp (Language): the pipeline.
    policy (Policy): the policy.
    RAISES (PolicyError): the policy needs a component the pipeline lacks.
    """
    # Imported on use: loading a policy file needs none of the components.
    from ..guard.component import PhiGuard
    from ..known.component import PhiKnown
    from ..rules.component import PhiRules
    from ..surrogates.component import PhiSurrogates
    from .patterns import PolicyPatterns
    from .terms import AllowList, AlwaysTerms

    needs = {
        "phi_surrogates": (PhiSurrogates, bool(policy.label_actions())),
        "phi_guard": (PhiGuard, bool(policy.never_phi)),
        "phi_known": (PhiKnown, bool(policy.always_phi)),
        "phi_rules": (PhiRules, bool(policy.patterns)),
    }
    for name, (kind, needed) in needs.items():
        if needed and not _components(nlp, kind):
            raise PolicyError(f"the policy needs the {name} component, which this pipeline lacks", policy.source)
    for surrogates in _components(nlp, PhiSurrogates):
        surrogates.set_policy_modes(policy.label_actions())
    allow = AllowList((e.terms, e.regexes, e.labels) for e in policy.never_phi) if policy.never_phi else None
    for guard in _components(nlp, PhiGuard):
        guard.policy_allow = allow
    terms = AlwaysTerms(nlp, policy.always_phi) if policy.always_phi else None
    for known in _components(nlp, PhiKnown):
        known.policy_terms = terms
    patterns = PolicyPatterns(nlp, policy.patterns) if policy.patterns else None
    for rules in _components(nlp, PhiRules):
        rules.policy_patterns = patterns


def current_policy(nlp: Language) -> Optional[Policy]:
    """The policy of a pipeline (its `phi_policy` component's), or None.

    nlp (Language): the pipeline.
    RETURNS (Optional[Policy]): the policy; None: no policy (safe_harbor behaviour).
    """
    if POLICY_COMPONENT in nlp.pipe_names:
        return nlp.get_pipe(POLICY_COMPONENT).policy
    return None


def apply_policy(nlp: Language, policy: PolicyLike) -> Optional[Policy]:
    """Use a policy in a pipeline: its components get their parts and the
    `phi_policy` component (added last if missing) holds it.

    nlp (Language): the pipeline.
    policy (PolicyLike): a Policy, a policy file, YAML text or a dict.
    RETURNS (Optional[Policy]): the policy used before (for `restore_policy`).
    RAISES (PolicyError): an invalid policy, or one the pipeline cannot apply.
    """
    loaded = load_policy(policy)
    previous = current_policy(nlp)
    if POLICY_COMPONENT in nlp.pipe_names:
        nlp.get_pipe(POLICY_COMPONENT).set_policy(nlp, loaded)
    else:
        nlp.add_pipe(POLICY_COMPONENT, last=True, config={"policy": loaded.to_dict()})
        nlp.get_pipe(POLICY_COMPONENT).policy = loaded  # keeps its source name for the summary
    return previous


def restore_policy(nlp: Language, previous: Optional[Policy]) -> None:
    """Put back the policy `apply_policy` returned (None: no policy at all).

    nlp (Language): the pipeline.
    previous (Optional[Policy]): the earlier policy.
    """
    if previous is not None:
        apply_policy(nlp, previous)
        return
    configure_components(nlp, Policy())
    if POLICY_COMPONENT in nlp.pipe_names:
        nlp.remove_pipe(POLICY_COMPONENT)


class PhiPolicy(Pipe):
    """Holds a pipeline's policy; changes no doc. Keep it last: when it is made,
    the components before it get their part of the policy.

    nlp (Language): the pipeline.
    name (str): the component name.
    policy (Policy): the policy.
    """

    def __init__(self, nlp: Language, name: str, policy: Policy) -> None:
        self.name = name
        self.policy = policy
        configure_components(nlp, policy)

    def set_policy(self, nlp: Language, policy: Policy) -> None:
        """Use another policy (the components get their new parts)."""
        configure_components(nlp, policy)
        self.policy = policy

    def __call__(self, doc: Doc) -> Doc:
        return doc

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterable[Doc]:
        yield from stream

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """Write the resolved policy as `policy.json` beside the config (for
        people reading the saved pipeline; the config holds the same policy)."""
        path = ensure_path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_json(path / "policy.json", {**self.policy.to_dict(), "content_hash": self.policy.content_hash})

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiPolicy":
        """Nothing to load: the config's `policy` setting is the policy (so a
        config override at load time wins over the saved copy)."""
        return self

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        return srsly.json_dumps(self.policy.to_dict()).encode("utf8")

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "PhiPolicy":
        return self


@Language.factory(POLICY_COMPONENT, default_config={"policy": None})
def make_phi_policy(nlp: Language, name: str, policy: Optional[Union[str, Dict[str, Any]]]) -> PhiPolicy:
    """Create the `phi_policy` component.

    nlp (Language): the pipeline (its other components get their part now).
    name (str): the component name.
    policy (Optional[Union[str, Dict[str, Any]]]): a policy file, YAML text,
        or the resolved policy as a dict; None: the default (safe_harbor).
    RETURNS (PhiPolicy): the component.
    RAISES (PolicyError): an invalid policy.
    """
    return PhiPolicy(nlp, name, load_policy(policy))
