"""What both documentation sites share: theme, Markdown, search and the language switch.

Each site's conf.py calls configure(globals(), lang). The sites are built into
sibling folders (build/docs/en, build/docs/zh) with the same page paths, so the
switch links a page to the page at the same path in the other site.
"""
import pathlib
import posixpath

HERE = pathlib.Path(__file__).resolve().parent

SITES = {
    # lang: (project title, Sphinx language, switch label shown on the *other* site's pages)
    "en": ("paddle documentation", "en", "English"),
    "zh": ("paddle 文档", "zh_CN", "中文"),
}


def other_lang(lang):
    return "zh" if lang == "en" else "en"


def lang_switch_url(pagename, lang):
    """Relative URL from page `pagename` of site `lang` to the same page in the other site."""
    up = "../" * (pagename.count("/") + 1)  # to the folder that holds both sites
    return posixpath.join(up + other_lang(lang), pagename + ".html")


def configure(conf, lang):
    """Fills a conf.py namespace for the site in language `lang`."""
    title, sphinx_language, _ = SITES[lang]
    if lang == "zh":
        import logging

        import jieba
        jieba.setLogLevel(logging.WARNING)  # its dictionary-loading chatter is not a problem
    conf.update(
        project=title,
        language=sphinx_language,
        extensions=["myst_parser"],
        # MathJax served from the site itself, so formulas render offline too.
        mathjax_path="mathjax/tex-chtml.js",
        source_suffix={".md": "markdown"},
        root_doc="index",
        # The folder README is for people browsing the repository, not a page.
        exclude_patterns=["README.md", "_build"],
        templates_path=[str(HERE / "templates")],
        html_theme="furo",
        html_title=title,
        html_static_path=[str(HERE / "static")],
        html_css_files=["site.css"],
        html_sidebars={"**": ["sidebar/brand.html", "lang-switch.html", "sidebar/search.html",
                              "sidebar/scroll-start.html", "sidebar/navigation.html",
                              "sidebar/scroll-end.html"]},
        html_copy_source=False,
        html_show_copyright=False,
        html_show_sourcelink=False,
        # jieba segments Chinese words for the search index.
        html_search_language="zh" if lang == "zh" else "en",
        myst_heading_anchors=3,
        setup=lambda app: (app.connect("html-page-context", _switch_context(lang)),
                           app.connect("build-finished", _copy_mathjax),
                           lang == "zh" and app.connect("source-read", _join_chinese_lines)),
    )


def _join_chinese_lines(app, docname, source):
    """A line break between two Chinese characters is no space: a browser shows
    one, which splits a wrapped Chinese sentence. Code blocks keep their lines."""
    from markdown_text import join_cjk_breaks
    source[0] = join_cjk_breaks(source[0])


def _copy_mathjax(app, exc):
    """Copies MathJax (from the pinned sphinx-mathjax-offline package, whose
    files we use but not its extension, which would turn off parallel builds)."""
    import importlib.util

    from sphinx.util.fileutil import copy_asset
    if exc is None:
        spec = importlib.util.find_spec("sphinx-mathjax-offline")
        source = pathlib.Path(spec.origin).parent / "static" / "mathjax"
        copy_asset(str(source), str(pathlib.Path(app.outdir) / "_static" / "mathjax"))


def _switch_context(lang):
    other = other_lang(lang)

    def add_lang_switch(app, pagename, templatename, context, doctree):
        context["lang_switch_url"] = lang_switch_url(pagename, lang)
        context["lang_switch_lang"] = "zh-CN" if other == "zh" else "en"
        context["lang_switch_label"] = SITES[other][2]
    return add_lang_switch
