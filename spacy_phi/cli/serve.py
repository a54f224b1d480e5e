"""`spacy-phi serve`: the de-identification service over HTTP (docs/service.md).

    spacy-phi serve [--host 127.0.0.1] [--port 8080] [--workers N] [--model NAME_OR_PATH]
        [--mode surrogate|mask|tag|redact] [--policy FILE] [--secret-file FILE]
        [--token-file FILE] [--max-request-bytes N] [--max-batch N] [--max-chars N]

The settings are checked here, before the port is opened (exit 2 with one
line naming the problem); each of uvicorn's worker processes then loads the
pipeline (`spacy_phi.serve.app.create_app`). Needs the `serve` extra.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from typing import Any

from ..errors import SpacyPhiError
from ..surrogates.replacer import MODES

PROG = "spacy-phi serve"
EXIT_USAGE = 2
#: The ASGI factory each worker process imports.
APP_FACTORY = "spacy_phi.serve.app:create_app"
#: The variable that keys surrogates when no secret file is given.
SECRET_ENV = "SPACY_PHI_SECRET"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the `serve` sub-command.

    subparsers (Any): the object returned by `ArgumentParser.add_subparsers`.
    RETURNS (argparse.ArgumentParser): the sub-command's parser.
    """
    from ..deid.settings import DEFAULT_BATCH_SIZE
    from ..serve.config import DEFAULT_MAX_BATCH, DEFAULT_MAX_REQUEST_BYTES, DEFAULT_SERVE_MAX_CHARS, TOKEN_ENV

    parser = subparsers.add_parser(
        "serve",
        help="de-identify over HTTP: POST /deidentify, /analyze; GET /health, /version",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Serve de-identification over HTTP (needs spacy_phi[serve]): POST /deidentify and /analyze take\n"
            "one note or a batch, GET /health and /version; the OpenAPI description is at /openapi.json.\n"
            "The pipeline options are those of spacy-phi deid. A request with a note that fails gets no\n"
            "text back (422: the note; 500: the service). Logs hold no note text.\n"
            f"Authentication: --token-file, or the {TOKEN_ENV} environment variable; neither: none."
        ),
    )
    net = parser.add_argument_group("server")
    net.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every interface)")
    net.add_argument("--port", type=int, default=8080, help="port (default: 8080)")
    net.add_argument("--workers", type=int, default=1,
                     help="worker processes, each with its own copy of the pipeline (default: 1; -1: one per core)")
    net.add_argument("--token-file", help=f"file holding the bearer token clients must send (default: the "
                                          f"{TOKEN_ENV} environment variable; neither: no authentication)")
    net.add_argument("--max-request-bytes", type=int, default=DEFAULT_MAX_REQUEST_BYTES,
                     help=f"larger request bodies are refused with 413 (default: {DEFAULT_MAX_REQUEST_BYTES:,})")
    net.add_argument("--max-batch", type=int, default=DEFAULT_MAX_BATCH,
                     help=f"batches with more records are refused with 413 (default: {DEFAULT_MAX_BATCH})")
    net.add_argument("--no-access-log", action="store_true", help="no line per request on stderr")

    model = parser.add_argument_group("pipeline (as spacy-phi deid)")
    model.add_argument("--model", help="spaCy pipeline name or path, or 'rules' for the rules-only pipeline "
                                       "(default: en_phi_deid if installed, else the rules-only pipeline)")
    model.add_argument("--lang", default="en", help="language of the default rules pipeline (default: en)")
    model.add_argument("--mode", choices=MODES, help="how PHI is replaced (default: the pipeline's, surrogate)")
    model.add_argument("--policy", metavar="FILE", help="the site's policy file (YAML, docs/policy.md)")
    model.add_argument("--secret-file", help="file holding the secret that keys surrogates and hashes "
                                             f"(default: the {SECRET_ENV} environment variable)")
    model.add_argument("--batch-size", type=int, default=DEFAULT_BATCH_SIZE, help="nlp.pipe batch size")
    model.add_argument("--max-chars", type=int, default=DEFAULT_SERVE_MAX_CHARS,
                       help=f"longer notes are refused with 422 (default: {DEFAULT_SERVE_MAX_CHARS:,})")
    parser.set_defaults(func=run_serve)
    return parser


def _log_level(args: argparse.Namespace) -> int:
    from .console import verbosity_level

    return verbosity_level(getattr(args, "verbose", 0), getattr(args, "quiet", False))


def run_serve(args: argparse.Namespace) -> int:
    """Check the settings, then serve until stopped (SIGINT or SIGTERM).

    args (argparse.Namespace): the parsed arguments.
    RETURNS (int): 0 after a clean stop, 2 when the service cannot start.
    """
    try:
        import uvicorn

        from ..serve.config import CONFIG_ENV, ServeConfig, load_token
    except ImportError:
        print(f'{PROG}: error: the service needs FastAPI and uvicorn: pip install "spacy_phi[serve]"',
              file=sys.stderr)
        return EXIT_USAGE
    from ..deid.parallel import resolve_processes
    from ..surrogates.keys import load_secret

    workers = resolve_processes(args.workers)
    try:
        config = ServeConfig(
            model=args.model, lang=args.lang, mode=args.mode, policy=args.policy, secret_file=args.secret_file,
            batch_size=args.batch_size, max_chars=args.max_chars, max_request_bytes=args.max_request_bytes,
            max_batch=args.max_batch, token_file=args.token_file, access_log=not args.no_access_log,
            log_level=_log_level(args),
        )
        config.deid_settings()  # the policy, the mode and the numbers
        token = load_token(config)
        if args.secret_file:
            load_secret(args.secret_file, None)
        if workers > 1 and not args.secret_file and SECRET_ENV not in os.environ:
            # One secret for every worker, so a patient gets the same surrogates whichever worker answers.
            os.environ[SECRET_ENV] = secrets.token_hex(32)
            print(f"{PROG}: warning: no secret set ({SECRET_ENV} or --secret-file): one is drawn for this "
                  "server's life, so surrogates and hashes match no other run", file=sys.stderr)
        app: Any = APP_FACTORY
        if workers == 1:
            from ..serve.app import create_app

            # Loaded here, in this process: a pipeline that cannot load stops the command before the port opens
            # (this command already shows the package's messages).
            app = create_app(config, show_logs=False)
    except (SpacyPhiError, ValueError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    if token is None:
        print(f"{PROG}: warning: no token (--token-file or SPACY_PHI_SERVE_TOKEN): anyone who can reach the "
              "port can send notes", file=sys.stderr)
    os.environ[CONFIG_ENV] = config.to_env()
    print(f"{PROG}: listening on http://{args.host}:{args.port} ({workers} worker process"
          f"{'es' if workers != 1 else ''}; authentication {'on' if token else 'off'})", file=sys.stderr)
    uvicorn.run(
        app, factory=workers > 1, host=args.host, port=args.port, workers=workers, access_log=False,
        log_level="info" if config.log_level < 30 else "warning", server_header=False,
    )
    return 0
