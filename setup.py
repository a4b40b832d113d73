"""Build of the native core.  Metadata lives in pyproject.toml.

Environment switches:
  HUPAI_DEBUG=1     no optimisation, debug symbols, assertions, Cython bounds checks
  HUPAI_SANITIZE=1  AddressSanitizer + UndefinedBehaviorSanitizer (implies debug)
"""
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

debug = os.environ.get("HUPAI_DEBUG") == "1"
sanitize = os.environ.get("HUPAI_SANITIZE") == "1"

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

setup(ext_modules=cythonize(extensions, include_path=["src"], compiler_directives=directives))
