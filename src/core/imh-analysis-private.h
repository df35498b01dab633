/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-analysis-private.h — internals shared by the analysis job's files. */
#pragma once

#include "imh-analysis-job.h"

G_BEGIN_DECLS

/* imh-analysis-result.c: a result holding analysis (taken). */
ImhAnalysisResult *_imh_analysis_result_new            (ImhAnalysis  *analysis);

/* imh-analysis-json.c */

/* The text with the decimal commas of the first writer's output replaced
 * by points; NULL when there are none (or it is not that writer's
 * output). */
char              *_imh_analysis_repair_decimal_commas (const char   *json);
/* The analysis in json for record; NULL with G_IO_ERROR_INVALID_DATA, and
 * *other_line TRUE when it is the analysis of other decisions than the
 * record's main line (a game played on, or another game). */
ImhAnalysis       *_imh_analysis_read_json             (const char   *record,
                                                        const char   *json,
                                                        gboolean     *other_line,
                                                        GError      **error);

G_END_DECLS
