"""Serve the code-free app: Voilà on app/, with the start page (index.ipynb) at `/`.

    python app/serve.py --no-browser --port=8866 --Voila.ip=127.0.0.1 --Voila.auto_token=True app

(what `make app` runs). Voilà serving a folder shows a file list at `/`; this launcher sends `/`
to the start page instead (the file list stays at /voila/tree/) and prints the whole token in the
address to open. Every other option is Voilà's own. Ask for a token with `--Voila.auto_token=True`
(or set JUPYTER_TOKEN as well, to choose it), not with Voilà's `--token`, which takes the next
argument as the token: `--token app` serves the current folder with the token "app".
"""

import sys
from pathlib import Path

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

HERE = Path(__file__).resolve().parent
START = "index.ipynb"


class App(Voila):
    """Voilà serving a folder, with `/` redirected to the folder's start page and the whole token printed."""

    @property
    def display_url(self):
        """The address to open, with the whole token (Voilà prints `token=...` for a token it did not generate)."""
        url = super().display_url
        token = self.identity_provider.token if self.identity_provider is not None else ""
        return url.replace("token=...", f"token={token}") if token else url

    def init_handlers(self):
        start = url_path_join(self.server_url, "voila/render", START)
        # Tornado takes the first handler that matches, so this one wins over the file list at `/`.
        return [(url_path_join(self.server_url, "/") + "?", RedirectHandler, {"url": start}), *super().init_handlers()]


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(not arg.startswith("-") for arg in argv):
        argv.append(str(HERE))  # the folder to serve, unless given
    App.launch_instance(argv)


if __name__ == "__main__":
    main()
