"""Every param's doc in its class's docstring, where ``help()`` shows it in full: pydoc shows a
class attribute by its repr, which it cuts short, and a ``Param``'s doc is in its repr."""

import textwrap
from typing import Any, List

from pyspark.ml.param import Param


def with_params_doc(cls: Any) -> Any:
    """Appends to ``cls``'s docstring one item per param it has, with the param's doc, by name."""
    params: List[Param] = sorted(
        (value for value in (getattr(cls, name) for name in dir(cls)) if isinstance(value, Param)),
        key=lambda param: param.name,
    )
    items = [
        textwrap.fill("- ``%s``: %s" % (param.name, param.doc), width=100, initial_indent="    ",
                      subsequent_indent="      ", break_on_hyphens=False, break_long_words=False)
        for param in params
    ]
    heading = "\n\n    Params (``explainParams()`` shows their values too):\n\n"
    cls.__doc__ = (cls.__doc__ or "").rstrip() + heading + "\n".join(items) + "\n"
    return cls
