/* fig_sm_map: the GPU's SMs coloured by the partition holding them, as inline SVG. */
#include "report/fig_sm_map.h"

#include <inttypes.h>
#include <stdio.h>

#include "draw/svg.h"

#define MAP_CELL 22.0
#define MAP_GAP 4.0
#define MAP_LEFT 10.0
#define MAP_TOP 10.0

/* Partition holding SM s, or SIZE_MAX. */
static size_t part_of_sm(const rt_layout *l, int64_t s)
{
    for (size_t p = 0; l && p < l->n_parts; p++)
        if (s >= l->part_first_sm[p] && s < l->part_first_sm[p] + l->part_sms[p])
            return p;
    return SIZE_MAX;
}

int fig_sm_map(xmlTextWriterPtr tw, const rt_report *r)
{
    const rt_layout *l = r->layout;
    int64_t n = r->gpu->sms, g = r->gpu->granularity;
    /* whole TPCs per row, about 32 SMs */
    int64_t per_row = g * (32 / g > 0 ? 32 / g : 1);
    if (per_row > n)
        per_row = n;
    int64_t rows = (n + per_row - 1) / per_row;
    size_t n_legend = (l ? l->n_parts : 0) + 1;
    double tpc_w = (double)g * MAP_CELL + (double)(g - 1) * 2;
    /* whole TPCs per row: the integer division is meant
     * NOLINTNEXTLINE(bugprone-integer-division) */
    double width = MAP_LEFT * 2 + (double)(per_row / g) * (tpc_w + MAP_GAP);
    if (width < 560)
        width = 560;
    double grid_h = (double)rows * (MAP_CELL + MAP_GAP + 4);
    double height = MAP_TOP + grid_h + 10 + 18.0 * (double)n_legend;
    svg_writer *w = svg_new_in(tw, width, height);
    if (!w)
        return -1;
    const svg_style num = { .font_size = 9, .anchor = SVG_ANCHOR_MIDDLE };
    const svg_style tpc = { .fill = "none", .stroke = "#555555", .stroke_width = 1 };
    const svg_style legend = { .font_size = 12 };
    for (int64_t s = 0; s < n; s++) {
        int64_t row = s / per_row, col = s % per_row, t = col / g, in = col % g;
        double x = MAP_LEFT + (double)t * (tpc_w + MAP_GAP) + (double)in * (MAP_CELL + 2);
        double y = MAP_TOP + (double)row * (MAP_CELL + MAP_GAP + 4);
        size_t p = part_of_sm(l, s);
        char tip[160], txt[24];
        if (p == SIZE_MAX)
            snprintf(tip, sizeof tip, "SM %" PRId64 " (TPC %" PRId64 "): no partition", s, s / g);
        else   /* a partition was found, so l is not NULL (part_of_sm) */
            snprintf(tip, sizeof tip, "SM %" PRId64 " (TPC %" PRId64 "): partition %s", s, s / g,
                     l->part_name[p]);   /* NOLINT(clang-analyzer-core.NullDereference) */
        svg_style cell = { .fill = p == SIZE_MAX ? "#EEEEEE" : svg_palette(p),
                           .stroke = "#FFFFFF", .stroke_width = 1 };
        svg_rect(w, x, y, MAP_CELL, MAP_CELL, &cell, tip);
        snprintf(txt, sizeof txt, "%" PRId64, s);
        svg_style ink = num;
        ink.fill = p == SIZE_MAX ? "#666666" : svg_palette_ink(p);
        svg_text(w, x + MAP_CELL / 2, y + MAP_CELL / 2 + 3, txt, &ink, NULL);
        if (g > 1 && in == 0)
            svg_rect(w, x - 1.5, y - 1.5, tpc_w + 3, MAP_CELL + 3, &tpc, NULL);
    }
    double ly = MAP_TOP + grid_h + 14;
    for (size_t p = 0; l && p < l->n_parts; p++, ly += 18) {
        char txt[200];
        int64_t first = l->part_first_sm[p], last = first + l->part_sms[p] - 1;
        if (g > 1)
            snprintf(txt, sizeof txt, "%s: SMs %" PRId64 "-%" PRId64 " (%" PRId64
                     " SMs), TPCs %" PRId64 "-%" PRId64, l->part_name[p], first, last,
                     l->part_sms[p], first / g, last / g);
        else
            snprintf(txt, sizeof txt, "%s: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs)",
                     l->part_name[p], first, last, l->part_sms[p]);
        svg_rect(w, MAP_LEFT, ly - 10, 12, 12, &(svg_style){ .fill = svg_palette(p) }, NULL);
        svg_text(w, MAP_LEFT + 18, ly, txt, &legend, NULL);
    }
    int64_t used = 0;
    for (size_t p = 0; l && p < l->n_parts; p++)
        used += l->part_sms[p];
    char txt[120];
    snprintf(txt, sizeof txt, "no partition: %" PRId64 " SMs%s", n - used,
             g > 1 ? "; outlines: TPCs" : "");
    svg_rect(w, MAP_LEFT, ly - 10, 12, 12, &(svg_style){ .fill = "#EEEEEE", .stroke = "#999999",
                                                         .stroke_width = 1 }, NULL);
    svg_text(w, MAP_LEFT + 18, ly, txt, &legend, NULL);
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}
