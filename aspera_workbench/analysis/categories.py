"""The error categories of the taxonomy, shared by the automatic rules and the annotators' labels.

Kept apart from :mod:`~aspera_workbench.analysis.taxonomy` so that the annotation files, which
the taxonomy reads as human labels, can check their categories without importing it back.
"""

#: Category of the taxonomy table's row for a system without failures.
NO_FAILURE = "no failure"

#: Categories in the order tables and figures show them, with what each means.
CATEGORIES: dict[str, str] = {
    "success": "the program did what was asked",
    "wrong effect or answer": (
        "it ran, and the evaluation program found the wrong change or return value "
        "(or failed using the None the program returned)"
    ),
    "unwarranted hand-back": "it asked the user for input where it should have acted",
    "unknown name or attribute": "it used a name, attribute or module the library does not have",
    "wrong argument for a library call": "a library call got a wrong type or value, or an object was built invalidly",
    "malformed control world": "a control program left data that cannot be saved (a wrong type, a missing or unknown key)",
    "library search or parse failed": "a library search found nothing or a library parser rejected its input",
    "other run-time error": "any other exception of the program (ValueError, KeyError, IndexError, ...)",
    "refused by the sandbox": "it tried something the sandbox forbids (files, network, processes, tampering)",
    "task's own programs failed": "a setup or evaluation program, or the harness, raised: a problem of the task",
    "worker died": "the evaluation process ended without a report",
    "cut off by the token limit": (
        "the answer ended at the token limit (finish_reason length), mid-thought or mid-code: not the model's finished "
        "program, whatever its verdict"
    ),
    "syntax error": "the program does not compile",
    "no program found": "the answer contained no function definition",
    "timeout": "the time limit was exceeded",
    "resource limit": "the memory limit or another resource limit was exceeded",
    "no program from the model": "the model endpoint failed after its retries (not a verdict)",
}
