"""Executes notebooks headlessly with nbclient and checks what they show (called by notebooks/run.sh).

Each notebook runs in a fresh kernel of the kind its metadata names (kernelspec), with the notebooks' folder as its working directory (as
Jupyter does when a person opens it), and is written with its outputs to the output directory,
also when a cell fails. The run fails when a cell fails or when a cell tagged `chart` shows no
image/png output. The kernel's own console (Spark's warnings, the kernel's log) goes to
<notebook>.kernel.log beside the executed copy.
"""

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

# About one kernel start-up in four binds its sockets but never handles a message (not even
# kernel_info), while a working one answers within seconds of starting (JVM and JShell included):
# a short wait and a new kernel beat one long wait. Measured here: 5 hangs in 20 starts, whether the
# client connects at once or 4 s after the kernel starts; three hangs in a row were seen once in
# CI, so 8 attempts (all hanging about once in 65 000 runs).
STARTUP_TIMEOUT_SECONDS = 30
STARTUP_ATTEMPTS = 8
# Spark's first jobs in a fresh JVM load and compile a lot of code: cells get a generous limit.
CELL_TIMEOUT_SECONDS = 600
# jupyter_client's words when a started kernel never answered kernel_info: it hung, or its
# heartbeat went unanswered while it started (seen once here, on a loaded machine, with nothing in
# the kernel's log after it bound its sockets).
STARTUP_FAILURES = ("Kernel didn't respond in", "Kernel died before replying to kernel_info")


def start_kernel(notebook, cwd, log):
    """A NotebookClient whose new kernel answered kernel_info, or None when the start-up failed.

    The client that waits for the kernel's answer also executes the notebook: a second client of
    an answering kernel was seen left without an answer here.
    """
    client = NotebookClient(notebook, kernel_name=notebook.metadata.kernelspec.name, timeout=CELL_TIMEOUT_SECONDS,
                            startup_timeout=STARTUP_TIMEOUT_SECONDS)
    client.create_kernel_manager()
    # stdout and stderr reach the kernel's Popen through nbclient and jupyter_client.
    client.start_new_kernel(cwd=str(cwd), stdout=log, stderr=log)
    try:
        client.start_new_kernel_client()  # waits for kernel_info; shuts the kernel down if it fails
        return client
    except RuntimeError as error:
        if not any(failure in str(error) for failure in STARTUP_FAILURES):
            raise
        return None


def chart_cells_without_image(notebook):
    """Indices of the cells tagged `chart` that have no image/png output."""
    return [index for index, cell in enumerate(notebook.cells)
            if "chart" in cell.metadata.get("tags", [])
            and not any("image/png" in output.get("data", {}) for output in cell.get("outputs", []))]


def merge_streams(notebook):
    """Joins each cell's consecutive outputs to the same stream, as Jupyter shows them: the kernel
    sends every piece of a printf (e.g. the library's progress lines) as an output of its own."""
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        merged = []
        for output in cell.outputs:
            if (merged and output.output_type == "stream" and merged[-1].output_type == "stream"
                    and merged[-1].name == output.name):
                merged[-1].text += output.text
            else:
                merged.append(output)
        cell.outputs = merged


def execute(path, output_dir):
    """Executes one notebook and writes the executed copy; returns (error or None, start-up retries)."""
    notebook = nbformat.read(path, as_version=4)
    with open(output_dir / (path.stem + ".kernel.log"), "w") as log:
        for attempt in range(1, STARTUP_ATTEMPTS + 1):
            print(f"--- kernel start-up attempt {attempt}", file=log, flush=True)
            client = start_kernel(notebook, path.parent, log)
            if client is not None:
                break
            print(f"  {path.name}: the kernel did not answer kernel_info, starting a new one", flush=True)
        else:
            return f"the kernel did not start in {STARTUP_ATTEMPTS} attempts (see {log.name})", STARTUP_ATTEMPTS - 1
        try:
            client.execute()  # shuts the kernel down at the end
            error = None
        except (CellExecutionError, CellTimeoutError, DeadKernelError) as cell_error:
            error = str(cell_error)
    merge_streams(notebook)
    nbformat.write(notebook, output_dir / path.name)
    missing = chart_cells_without_image(notebook)
    if error is None and missing:
        error = f"chart cells {missing} (counted from 0) show no image/png output"
    return error, attempt - 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", required=True, type=Path)
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)

    failed = []
    retries = 0
    for path in args.notebooks:
        start = time.monotonic()
        error, notebook_retries = execute(path.resolve(), args.output_dir.resolve())
        retries += notebook_retries
        print(f"{path.name}: {'ok' if error is None else 'FAILED'} in {time.monotonic() - start:.0f} s", flush=True)
        if error is not None:
            print(error, file=sys.stderr)
            failed.append(path.name)
    print(f"Kernel start-up retries: {retries}. Executed copies: {args.output_dir}")
    print(f"notebooks: {len(args.notebooks) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
