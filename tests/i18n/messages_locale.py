# messages_locale.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The locale to run muster under when LANGUAGE is to choose its messages.
# glibc ignores LANGUAGE under the C locale and, since 2.42, under C.UTF-8
# too (Debian sid): there, a real locale is needed. Debian 12's glibc still
# honours LANGUAGE under C.UTF-8, the only UTF-8 locale a fresh machine has.
# en_US first: it writes numbers as C does.
import locale


def messages_locale():
    saved = locale.setlocale(locale.LC_ALL)
    try:
        for name in ("en_US.UTF-8", "es_ES.UTF-8"):
            try:
                locale.setlocale(locale.LC_ALL, name)
                return name
            except locale.Error:
                pass
        return "C.UTF-8"
    finally:
        locale.setlocale(locale.LC_ALL, saved)
