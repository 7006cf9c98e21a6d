"""Chinese in the figures: matplotlib draws each glyph DejaVu Sans lacks from a CJK font.

The font comes with the `zh` extra (pylopdf-fonts-zh-cn: Noto Sans SC, SIL Open Font Licence, the
same on every computer and needing no administrator), or else from the system: Microsoft YaHei on
Windows, PingFang SC on macOS, Noto Sans CJK SC or WenQuanYi on Linux. With none of them, the
English figures are unchanged and a Chinese one shows empty boxes, with matplotlib's warning.
"""

from matplotlib import font_manager, rcParams

OURS = "Noto Sans SC"  # font names, not words
SYSTEM = ("Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "WenQuanYi Micro Hei")  # not words


def use_cjk_fallback() -> str | None:
    """Put the first CJK font found after the usual sans-serif; its name, or None."""
    try:
        import pylopdf_fonts_zh_cn
    except ImportError:
        pass
    else:
        font_manager.fontManager.addfont(str(pylopdf_fonts_zh_cn.sans_path()))
    names = {font.name for font in font_manager.fontManager.ttflist}
    found = next((name for name in (OURS, *SYSTEM) if name in names), None)
    if found:
        rcParams["font.family"] = ["sans-serif", found]
    return found
