# SPDX-License-Identifier: GPL-3.0-or-later
"""Statistics shared by the measurement scripts in build-aux (arena-sum,
hint-compare), which import it from their own folder."""
import math

Z = 1.959963984540054  # two-sided 95 %


def wilson(k, n):
    """The 95% Wilson interval of k successes in n trials, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)
