"""`spacy-phi serve`: de-identification over HTTP (docs/service.md).

- `config.py`: the service's settings (the CLI's pipeline options plus the
  limits, the token source and the workers), passed to worker processes;
- `engine.py`: one pipeline per worker process, set up once, that turns
  request records into results (the batch job's runner and safety checks);
- `asgi.py`: what wraps every request: the size limit, fail-closed errors
  and the access log (no note text);
- `app.py`: the FastAPI routes, the request and response schemas and the
  bearer-token check.

Needs the `serve` extra (FastAPI and uvicorn); importing `spacy_phi` never
imports this package.
"""
