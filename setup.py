"""Build of the native core.  Metadata lives in pyproject.toml.

The kernel (``hupai._core``) is Cython over C.  The table engine and the round flows
are Python, compiled by mypyc from the same sources (the engine runs about twice as fast
compiled; ``.py`` sources stay in the package and run as they are where a module is not
compiled).

Environment switches:
  HUPAI_DEBUG=1     no optimisation, debug symbols, assertions, Cython bounds checks;
                    the engine is not compiled (a profiler or debugger sees its lines)
  HUPAI_SANITIZE=1  AddressSanitizer + UndefinedBehaviorSanitizer (implies debug)
  HUPAI_PURE=1      the kernel built as usual, the engine not compiled
"""
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

debug = os.environ.get("HUPAI_DEBUG") == "1"
sanitize = os.environ.get("HUPAI_SANITIZE") == "1"
pure = os.environ.get("HUPAI_PURE") == "1" or debug or sanitize

#: The modules mypyc compiles: the table engine's state machine, the round flows it calls
#: at every decision and the built-in agents.  tests/unit/test_compiled.py plays rounds
#: with them compiled and interpreted and requires the same records.
COMPILED = [
    "src/hupai/table/round.py",
    "src/hupai/table/model.py",
    "src/hupai/table/wall.py",
    "src/hupai/table/observation.py",
    "src/hupai/table/match.py",
    "src/hupai/table/builtin_agents.py",
    "src/hupai/rules/flows/base.py",
    "src/hupai/rules/flows/luzhou.py",
    "src/hupai/rules/flows/wuhan.py",
    "src/hupai/rules/flows/guiyang.py",
    "src/hupai/rules/flows/fuzhou.py",
]

compile_args = ["-O3", "-std=gnu11", "-DNDEBUG"]
link_args = []
directives = {}
if debug or sanitize:
    compile_args = ["-O1", "-g", "-fno-omit-frame-pointer", "-UNDEBUG"]
    directives = {"boundscheck": True, "wraparound": True, "initializedcheck": True}
if sanitize:
    # Python's own CFLAGS carry -fwrapv, which defines signed overflow and so hides it
    # from UBSan: -fno-wrapv (after them) makes it a report again
    flags = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-fno-wrapv"]
    compile_args += flags
    link_args += flags

extensions = [
    Extension(
        "hupai._core",
        sources=["src/hupai/_core.pyx", "csrc/hupai.c", "csrc/hupai_pool.c"],
        include_dirs=["csrc", numpy.get_include()],
        depends=["csrc/hupai.h", "csrc/hupai_tables.h", "csrc/hupai_pool.h", "csrc/hupai_input.h"],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
]

ext_modules = cythonize(extensions, include_path=["src"], compiler_directives=directives)
if not pure:
    from mypyc.build import mypycify
    ext_modules += mypycify(COMPILED, opt_level="3", group_name="hupai_engine")

setup(ext_modules=ext_modules)
