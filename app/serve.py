"""Serve the code-free app to a class: Voilà on app/, every page warm, the start page at `/`.

    python app/serve.py --students=30 --no-browser --port=8866 --Voila.ip=127.0.0.1 --Voila.auto_token=True

(what `make app STUDENTS=30` runs). Every app page has a pool of kernels that have already run
it (Voilà's preheated kernels, `pool_sizes`), refilled a little after a class has taken from
them; a visitor who finds none warm gets a page run at once, and a kernel idle ten minutes with
no page connected is shut down. page.css and page.js (linked by each page) stack the controls
on a phone and name each one for a screen reader. English is served at `/`, Chinese at `/zh-CN`;
the class's language (`--lang=zh_CN`, `make app LANG=zh`) has the warm pools, and the server
logs "ready" with its start page's address. The teacher page (teacher.ipynb, a class round: see
classroom.py) is not linked: the server logs its address and the teacher code that opens it
(made afresh, or chosen by T24_TEACHER_CODE: `make app TEACHER_CODE=...`), then a line for each
wrong code a teacher page refused.

Every other option is Voilà's own. Ask for a token with `--Voila.auto_token=True` (or set
JUPYTER_TOKEN as well, to choose it), not with Voilà's `--token`, which takes the next argument
as the token: `--token app` serves the current folder with the token "app".
"""

import contextlib
import copy
import math
import os
import sys
from pathlib import Path

import mistune
import zmq
from classroom import Classroom, StoreError, make_code  # app/, beside this file
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Int, Unicode
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from t24.text import _, n_, said

HERE = Path(__file__).resolve().parent
# The start page and the task cards in each language: English at /, Chinese under /zh-CN.
START = {"": HERE / "index.html", "zh-CN": HERE / "index.zh-CN.html"}
CARDS = {
    "": HERE.parent / "teacher" / "task-cards.md",
    "zh-CN": HERE.parent / "teacher" / "zh-CN" / "task-cards.md",
}
CARDS_PAGE = (
    "<!doctype html>\n"  # markup and a style sheet, not words
    """<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<style>
  body {{ font-family: system-ui, sans-serif; line-height: 1.5; max-width: 46rem; margin: 2rem auto;
         padding: 0 1.5rem; color: #1f2328; }}
  table {{ border-collapse: collapse; width: 100%; table-layout: fixed; }}
  th, td {{ border: 1px solid #444; padding: 0.3em 0.5em; height: 1.6em; overflow-wrap: anywhere; }}
  hr {{ border: 0; border-top: 1px dashed #444; margin: 2rem 0; }}
</style></head><body>{cards}</body></html>"""
)
IDLE_MINUTES = 10


def suffix(lang: str) -> str:
    """What the pages' names add in a language: "" for en, ".zh-CN" for zh_CN."""
    return "" if lang == "en" else "." + lang.replace("_", "-")


def pool_sizes(students: int, lang: str = "en") -> dict[str, int]:
    """Warm kernels per app page for a class: a game page each, a lab page per three students,
    one teacher page, in the class's language ("en", or "zh_CN" for game.zh-CN.ipynb...)."""
    sizes = {"game": max(students, 1), "lab": max(math.ceil(students / 3), 1), "teacher": 1}
    return {f"{page}{suffix(lang)}.ipynb": size for page, size in sizes.items()}


def html_lang(page: str) -> str:
    """The language of an app page as its <html lang> says it (nbconvert takes two letters)."""
    return "zh" if ".zh-CN." in page else "en"


def warm(task) -> bool:
    """Whether a pool's task has started its kernel and run the page in it."""
    return task.done() and task.exception() is None and task.result()["task"].done()


class XsrfCookie:
    """A page that sets the `_xsrf` cookie: closing a tab posts its kernel's shutdown with it,
    and the server refuses a post without it (the kernel would stay until the idle cull)."""

    async def prepare(self):
        await super().prepare()
        self.xsrf_token  # noqa: B018 (reading it sets the cookie)


class StartPage(XsrfCookie, JupyterHandler):
    """The start page: static HTML behind the app's token (a visit with ?token= logs in)."""

    @web.authenticated
    def get(self, lang=""):
        self.finish(START[lang].read_text(encoding="utf-8"))


class TaskCards(JupyterHandler):
    """The lab's task cards (teacher/task-cards.md) as a page to print, behind the app's token."""

    @web.authenticated
    def get(self, lang=""):
        if not CARDS[lang].is_file():  # an app served without the teacher's folder
            raise web.HTTPError(404, _("no teacher/task-cards.md beside the app"))
        text = CARDS[lang].read_text(encoding="utf-8")
        title = text.splitlines()[0].lstrip("# ")
        page = CARDS_PAGE.format(lang=lang or "en", title=title, cards=mistune.html(text))
        self.finish(page)


class VoilaPage(XsrfCookie, TornadoVoilaHandler):
    """A page Voilà runs, which sets the cookie, and whose <html lang> says its language (Voilà's
    template says "en" unless told: a screen reader would read a Chinese page as English)."""

    def get_generator(self, path=None):
        self.traitlet_config = copy.deepcopy(self.traitlet_config)
        self.traitlet_config.VoilaExporter.language_code = html_lang(path)
        return super().get_generator(path)


class ClassApp(Voila):
    """Voilà serving app/ to a class: warm pages, idle kernels culled, a static start page."""

    # The server speaks its environment's language, chosen when t24.text was imported above, so
    # the options' help (for --help-all) is said here, when the class is made.
    students = Int(5, config=True, help=_("How many students open the pages at once."))
    refill_delay = Float(
        20, config=True, help=_("Seconds before a kernel taken from a pool is replaced.")
    )
    lang = Unicode(
        "en", config=True, help=_("The class's language, whose pages are kept warm: en or zh_CN.")
    )
    aliases = {**Voila.aliases, "students": "ClassApp.students", "lang": "ClassApp.lang"}

    def initialize(self, argv=None):
        super().initialize(argv)
        self.voila_configuration.preheat_kernel = True
        self.voila_configuration.default_pool_size = 0  # only the pages below are pooled
        self.voila_configuration.file_allowlist.append(r"page\.(css|js)")  # style, script
        # Only the class's language is pooled: a page not named here ("default") has none.
        pools = {
            name: {"pool_size": size} for name, size in pool_sizes(self.students, self.lang).items()
        }
        pools["default"] = {"pool_size": 0}
        self.config.VoilaKernelManager.kernel_pools_config = pools
        self.config.VoilaKernelManager.fill_delay = self.refill_delay
        # the warm pages are rendered before any visit, all in the class's language
        self.config.VoilaExporter.language_code = html_lang(f"game{suffix(self.lang)}.ipynb")
        culling = {"cull_idle_timeout": IDLE_MINUTES * 60, "cull_interval": 60}
        for name, value in {**culling, "cull_connected": False}.items():
            self.config.MappingKernelManager.setdefault(name, value)
        # A page run while the machine is busy waits for its widgets' output (nbclient gives up
        # after 4 s and shows the page without them).
        self.config.VoilaExecutor.setdefault("iopub_timeout", 60)
        # Kernels talk to the server over encrypted sockets where pyzmq can (each kernel would
        # otherwise warn that it runs without encryption); Voilà runs a notebook whether or not
        # it is signed as trusted, so the warning that one is not says nothing here.
        if zmq.has("curve"):
            self.config.KernelManager.setdefault("transport_encryption", "auto")
        trust = "is not trusted"  # Voilà's log message, matched: not words
        self.log.addFilter(lambda record: trust not in record.getMessage())
        self._ready = self._told = False
        # The teacher page's kernel checks the teacher code (app/classroom.py) in this variable,
        # which every kernel inherits: chosen with TEACHER_CODE=... for make app, else made here.
        os.environ["T24_TEACHER_CODE"] = os.environ.get("T24_TEACHER_CODE") or make_code()
        self.store = Classroom()
        self.refused = max((number for number, _at in self.store.refusals()), default=0)
        self.log.info(said("the class rounds' store: {path}", path=self.store.place))

    @property
    def display_url(self):
        """The address to open, the class's start page, with the whole token (Voilà prints
        `token=...` for one it made)."""
        return self.address("" if self.lang == "en" else "zh-CN")

    @property
    def teacher_url(self):
        """The class round's teacher page in the class's language, with the token."""
        return self.address(f"voila/render/teacher{suffix(self.lang)}.ipynb")

    def address(self, path: str) -> str:
        """The address of a page of the app (a path under `/`), with the token."""
        url, _mark, query = super().display_url.partition("?")
        token = self.identity_provider.token if self.identity_provider is not None else ""
        query = query.replace("token=...", f"token={token}") if token else query
        return url + path + (f"?{query}" if query else "")

    def init_handlers(self):
        # Tornado takes the first handler that matches: this one wins over the file list at `/`.
        handlers = [
            (pattern, VoilaPage if page is TornadoVoilaHandler else page, *rest)
            for pattern, page, *rest in super().init_handlers()
        ]
        root = url_path_join(self.server_url, "/")
        pages = [(root + "?", StartPage), (root + "task-cards", TaskCards)]
        pages += [(root + "(zh-CN)/?", StartPage), (root + "(zh-CN)/task-cards", TaskCards)]
        return [*pages, *handlers]

    def init_settings(self):
        settings = super().init_settings()
        # Voilà counts a pool's kernels still starting, and a visitor would wait for one of them;
        # counting only warm ones, a page beyond the pool starts its own kernel at once.
        self.kernel_manager.get_pool_size = self.warm_kernels
        return settings

    def warm_kernels(self, name: str) -> int:
        """How many of the page's pooled kernels have run it, moved first (Voilà takes the first)."""
        pool = self.kernel_manager._pools.get(name, [])  # tasks giving a kernel and its render
        pool.sort(key=lambda task: not warm(task))
        return sum(map(warm, pool))

    def check_warm(self):
        """Log "ready" each time every pool is full of kernels that have run their page."""
        pools = self.kernel_manager._pools
        tasks = [task for pool in pools.values() for task in pool]
        failed = [task for task in tasks if task.done() and task.exception() is not None]
        ready = all(warm(task) or task in failed for task in tasks)
        if ready and not self._ready:
            sizes = ", ".join(
                f"{len(pool)} {Path(name).stem}" for name, pool in pools.items() if pool
            )
            message = n_(
                "ready for {n} student (warm pages: {pages}): open {url}",
                "ready for {n} students (warm pages: {pages}): open {url}",
                self.students,
            )
            self.log.info(message.format(n=self.students, pages=sizes, url=self.display_url))
            if not self._told:  # once: the class needs the start page, only you this one
                self._told = True
                teacher_line = said(
                    "the class round's teacher page, for you only: {url} (teacher code: {code})",
                    url=self.teacher_url,
                    code=os.environ["T24_TEACHER_CODE"],
                )
                self.log.info(teacher_line)
            for task in failed:
                failure = said(
                    "a kernel for the pool failed to start: {error}", error=task.exception()
                )
                self.log.error(failure)
        self._ready = ready

    def log_refusals(self):
        """One line in the log for each wrong teacher code a teacher page refused."""
        with contextlib.suppress(StoreError):  # the store busy: the next second logs them
            for number, _at in self.store.refusals(self.refused):
                self.refused = number
                refusal = _("a teacher page refused a wrong teacher code (refusal {number})")
                self.log.warning(refusal.format(number=number))

    def listen(self):
        PeriodicCallback(self.check_warm, 1000).start()
        PeriodicCallback(self.log_refusals, 1000).start()
        super().listen()


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(not arg.startswith("-") for arg in argv):
        argv.append(str(HERE))  # the folder to serve, unless given
    ClassApp.launch_instance(argv)


if __name__ == "__main__":
    main()
