#!/usr/bin/env python3
# Tests check-budget.py on small source trees written here: a function of
# 101 lines fails and one of 100 passes, the "Longer than 100 lines:"
# comment lets a long function pass only with a reason and only right
# above it, initializers are not functions, braces in strings and comments
# do not count, a brace at the end of the declaration's line is found too,
# a file of 1,501 lines fails, and the allowlist excuses exactly the files
# it names.
import contextlib
import importlib.util
import io
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("check_budget", os.path.join(HERE, "check-budget.py"))
check_budget = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_budget)

results = []


def function (name, body_lines, comment=None, filler="  n++;"):
    """A GNU-style function whose body, braces included, is BODY_LINES
    lines long."""
    text = ""
    if comment is not None:
        text += comment + "\n"
    text += f"static int\n{name} (int n)\n{{\n"
    text += "\n".join([filler] * (body_lines - 3)) + "\n"
    text += "  return n;\n}\n"
    return text


def run (files, allowlist=()):
    """Runs the checker on a tree holding FILES (path under src/ → text);
    returns (exit status, output)."""
    with tempfile.TemporaryDirectory() as root:
        for rel, text in files.items():
            path = os.path.join(root, "src", rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        saved = check_budget.ALLOWLIST
        check_budget.ALLOWLIST = ["src/" + rel for rel in allowlist]
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                status = check_budget.main(["check-budget.py", root])
        finally:
            check_budget.ALLOWLIST = saved
        return status, out.getvalue()


def expect (description, files, passes, mentions=(), allowlist=()):
    status, output = run(files, allowlist)
    ok = (status == 0) == passes and all(m in output for m in mentions)
    results.append((ok, description, output))


REASON = ("/* Longer than 100 lines: one switch over every token, which reads\n"
          " * best as the table it is. */")

expect("a function of 100 lines passes",
       {"a.c": function("hundred", 100)}, True)
expect("a function of 101 lines fails, named with its length",
       {"a.c": function("too_long", 101)}, False,
       ["a.c: too_long (line 1) is 101 lines long"])
expect("the marker with a reason right above lets it pass",
       {"a.c": function("too_long", 101, REASON)}, True)
expect("the marker in a gtk-doc comment lets it pass",
       {"a.c": function("too_long", 101,
                        "/**\n * too_long:\n *\n * Longer than 100 lines: it is a single\n"
                        " * state machine.\n */")}, True)
expect("the marker without a reason does not",
       {"a.c": function("too_long", 101, "/* Longer than 100 lines: */")}, False,
       ["too_long"])
expect("another comment does not",
       {"a.c": function("too_long", 101, "/* Reads the tokens. */")}, False,
       ["too_long"])
expect("the marker separated by a blank line does not",
       {"a.c": function("too_long", 101, REASON + "\n")}, False,
       ["too_long"])
expect("the marker above the previous function does not",
       {"a.c": function("short", 5, REASON) + "\n" + function("too_long", 101)}, False,
       ["too_long (line 11)"])
expect("each long function of a file is named",
       {"a.c": function("first", 120) + "\n" + function("second", 101)}, False,
       ["first (line 1) is 120 lines", "second (line 124) is 101 lines"])
expect("an array initializer is not a function",
       {"a.c": "static const int table[] =\n{\n" + "  1,\n" * 200 + "};\n"}, True)
expect("a struct is not a function",
       {"a.c": "struct _Big\n{\n" + "  int x;\n" * 200 + "};\n"}, True)
expect("a function with a long initializer inside is measured whole",
       {"a.c": "static int\nf (void)\n{\n  static const int t[] = {\n" + "    1,\n" * 100
               + "  };\n  return t[0];\n}\n"}, False, ["f (line 1) is 105 lines"])
expect("braces in strings, characters and comments do not end a function",
       {"a.c": function("tricky", 101, filler='  n += "}"[0] + \'}\'; /* } */')}, False,
       ["tricky (line 1) is 101 lines"])
expect("a function with its brace on the name's line is measured too",
       {"a.c": "static int\nkr (int n) {\n" + "  n++;\n" * 99 + "}\n"}, False,
       ["kr (line 1) is 101 lines"])
expect("a function after an attribute macro is named by its own name",
       {"a.c": "G_GNUC_PRINTF (1, 2)\n" + function("printer", 101)}, False,
       ["printer (line 1)"])
expect("a file of 1,500 lines passes",
       {"a.c": "\n" * 1500}, True)
expect("a file of 1,501 lines fails",
       {"a.c": "\n" * 1501}, False, ["a.c: the file is 1501 lines long"])
expect("headers are measured too",
       {"a.h": "\n" * 1501}, False, ["a.h: the file is 1501 lines long"])
expect("an allowlisted file is excused, and said to be pending",
       {"a.c": function("too_long", 101)}, True, ["pending: src/a.c: too_long"],
       allowlist=["a.c"])
expect("the allowlist excuses no other file",
       {"a.c": function("too_long", 101), "b.c": function("also_long", 101)}, False,
       ["not ok 2 - src/b.c"], allowlist=["a.c"])
expect("an allowlist entry within budget is reported as stale",
       {"a.c": function("short", 5)}, True, ["stale allowlist entry: src/a.c"],
       allowlist=["a.c"])

print(f"1..{len(results)}")
for n, (ok, description, output) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {n} - {description}")
    if not ok:
        for line in output.splitlines():
            print("#   " + line)
sys.exit(0 if all(ok for ok, _, _ in results) else 1)
