# The spacy_phi de-identification service (CPU), installed from the offline wheel set:
# it builds with no network once the wheels are in packages/dist (docs/service.md):
#
#   spacy project run package        # the en_phi_deid and spacy_phi wheels, REQUIREMENTS-offline.txt
#   pip download --only-binary=:all: -r packages/dist/REQUIREMENTS-offline.txt -d packages/dist
#   docker build --network none -t spacy-phi .
#   docker run -p 8080:8080 -v /secure:/run/secrets:ro spacy-phi \
#       --secret-file /run/secrets/deid-secret --token-file /run/secrets/serve-token --workers 2
#
# scripts/build_image.sh does all three steps, with docker or podman, and with
# --debian-base makes the base from Debian packages where Docker Hub is out of reach.
#
# The dependency wheels are those of the Python version and CPU architecture where
# `pip download` ran: BASE_IMAGE must match them (and be present locally to build offline).
ARG BASE_IMAGE=python:3.11-slim

FROM ${BASE_IMAGE} AS install
# 0: the CNN pipeline (en_phi_deid's default) runs without torch and the transformer
# stack, so they are removed after the install (about 1 GB less); 1 keeps them, for a
# pipeline trained with configs/transformer.cfg.
ARG WITH_TORCH=0
COPY packages/dist /wheels
# The install resolves the complete dependency set (so the wheel set is checked whole);
# the load at the end fails the build if the pipeline needs what was removed.
RUN python3 -m venv /opt/spacy-phi \
    && /opt/spacy-phi/bin/pip install --no-cache-dir --no-index --find-links /wheels \
       "spacy_phi[serve]" en_phi_deid \
    && if [ "$WITH_TORCH" != 1 ]; then \
         /opt/spacy-phi/bin/pip uninstall --yes --quiet torch spacy-transformers transformers \
           tokenizers safetensors huggingface-hub hf-xet spacy-alignments sympy mpmath networkx; \
       fi \
    && /opt/spacy-phi/bin/python -c "import spacy; spacy.load('en_phi_deid')"

# The image proper: the installed environment only, not the wheels.
FROM ${BASE_IMAGE}
COPY --from=install /opt/spacy-phi /opt/spacy-phi
ENV PATH=/opt/spacy-phi/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HF_HUB_OFFLINE=1 \
    TRANSFORMERS_OFFLINE=1
RUN groupadd --system --gid 10001 spacyphi \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent spacyphi
USER 10001:10001
EXPOSE 8080
# /health answers once the pipeline is loaded (start-period: the loading time).
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8080/health', timeout=4).status != 200)"]
ENTRYPOINT ["spacy-phi", "serve", "--host", "0.0.0.0", "--port", "8080"]
CMD ["--workers", "2"]
