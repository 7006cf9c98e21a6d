"""Chinese in the figures: matplotlib draws each glyph DejaVu Sans lacks from a CJK font, the `zh`
extra's (Noto Sans SC, the same on every computer) or else the system's; with none, a Chinese
figure shows empty boxes, with matplotlib's warning."""

import contextlib
import logging

from matplotlib import font_manager, rcParams

OURS = "Noto Sans SC"  # font names, not words
SYSTEM = ("Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "WenQuanYi Micro Hei")  # not words


def use_cjk_fallback() -> str | None:
    """Put the first CJK font found after the usual sans-serif; its name, or None."""
    with contextlib.suppress(ImportError):
        import pylopdf_fonts_zh_cn

        font_manager.fontManager.addfont(str(pylopdf_fonts_zh_cn.sans_path()))
    names = {font.name for font in font_manager.fontManager.ttflist}
    found = next((name for name in (OURS, *SYSTEM) if name in names), None)
    if found:
        rcParams["font.family"] = ["sans-serif", found]
        # It has one weight: bold Chinese is drawn regular, with no warning under every figure.
        logging.getLogger("matplotlib.font_manager").addFilter(
            lambda record: (record.args or ())[1:2] != (found,)  # (weight, font, weight used)
        )
    return found
