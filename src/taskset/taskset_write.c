/* taskset_write: rewrite the analysed task-set file with a layout, editing its XML tree.
 *
 * The file is read again through xmlsafe_load (same limits, no DTD, schema-validated) and its
 * SHA-256 compared with the one the analysis read, so what is written is exactly the analysed
 * file plus the layout, never a file changed in between. <task> elements are matched to
 * ts->tasks by position (the loader reads them in file order) and checked by name. The new
 * <partition> elements go where the schema wants them, after the tasks and before any
 * <scenario> or <chain> (with the comments just above it), indented like the examples; text and comments
 * elsewhere are left as they are. */
#include "taskset/taskset_write.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/xmlsafe.h"

#define X(s) ((const xmlChar *)(s))

static bool is_blank_text(xmlNodePtr n)
{
    return n && n->type == XML_TEXT_NODE && xmlIsBlankNode(n);
}

/* Unlink and free every <partition> child of root, with the blank text just before it. */
static void drop_partitions(xmlNodePtr root)
{
    xmlNodePtr c = root->children;
    while (c) {
        xmlNodePtr next = c->next;
        if (xmlsafe_is(c, "partition")) {
            if (is_blank_text(c->prev)) {
                xmlNodePtr blank = c->prev;
                xmlUnlinkNode(blank);
                xmlFreeNode(blank);
            }
            xmlUnlinkNode(c);
            xmlFreeNode(c);
        }
        c = next;
    }
}

/* Append child to parent (a text child may be merged into a text last child: order is kept).
 * NULL child: failure. */
static bool put(xmlNodePtr parent, xmlNodePtr child)
{
    if (!child)
        return false;
    if (!xmlAddChild(parent, child)) {
        xmlFreeNode(child);
        return false;
    }
    return true;
}

static bool put_text(xmlNodePtr parent, const char *text)
{
    return put(parent, xmlNewText(X(text)));
}

static bool set_int(xmlNodePtr n, const char *attr, int64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%" PRId64, v);
    return xmlSetProp(n, X(attr), X(buf)) != NULL;
}

/* <partition name sms first-sm> with its <task-ref> children, indented by two spaces. */
static xmlNodePtr new_partition(const rt_taskset *ts, const rt_partition_out *p)
{
    xmlNodePtr e = xmlNewNode(NULL, X("partition"));
    if (!e)
        return NULL;
    bool ok = xmlSetProp(e, X("name"), X(p->name)) && set_int(e, "sms", p->sms) &&
              set_int(e, "first-sm", p->first_sm);
    for (size_t k = 0; ok && k < p->n_tasks; k++) {
        xmlNodePtr ref = xmlNewNode(NULL, X("task-ref"));
        ok = put_text(e, "\n    ") && put(e, ref) &&
             xmlSetProp(ref, X("name"), X(ts->tasks[p->tasks[k]].name));
    }
    if (ok && p->n_tasks)
        ok = put_text(e, "\n  ");
    if (!ok) {
        xmlFreeNode(e);
        return NULL;
    }
    return e;
}

/* Set each task's priority; false (error recorded) if the file's tasks differ from ts's. */
static bool set_priorities(xmlNodePtr root, const rt_taskset *ts, const int64_t *prio,
                           rt_diags *d, bool *oom)
{
    size_t i = 0;
    for (xmlNodePtr c = root->children; c; c = c->next) {
        if (!xmlsafe_is(c, "task"))
            continue;
        xmlChar *name = xmlGetProp(c, X("name"));
        bool same = i < ts->n_tasks && name && strcmp((const char *)name, ts->tasks[i].name) == 0;
        xmlFree(name);
        if (!same || prio[i] < 0) {
            rt_diag_error(d, ts->path, xmlsafe_line(c), "task %zu does not match the analysed "
                          "task set; nothing written", i + 1);
            return false;
        }
        if (!set_int(c, "priority", prio[i++])) {
            *oom = true;
            return false;
        }
    }
    if (i != ts->n_tasks) {
        rt_diag_error(d, ts->path, 0, "has %zu tasks, the analysed task set %zu; nothing written",
                      i, ts->n_tasks);
        return false;
    }
    return true;
}

/* Insert node before anchor, or append it to parent when anchor is NULL; NULL node: failure. */
static bool put_at(xmlNodePtr parent, xmlNodePtr anchor, xmlNodePtr node)
{
    if (!anchor)
        return put(parent, node);
    if (!node)
        return false;
    if (!xmlAddPrevSibling(anchor, node)) {
        xmlFreeNode(node);
        return false;
    }
    return true;
}

/* Where the <partition> elements go: the first <scenario> or <chain>, or the comments just above
 * it; NULL (the end) when the file has neither. */
static xmlNodePtr partitions_anchor(xmlNodePtr root)
{
    xmlNodePtr a = root->children;
    while (a && !xmlsafe_is(a, "scenario") && !xmlsafe_is(a, "chain"))
        a = a->next;
    if (!a)
        return NULL;
    while (a->prev && (a->prev->type == XML_COMMENT_NODE || is_blank_text(a->prev)))
        a = a->prev;
    return is_blank_text(a) ? a->next : a;
}

static bool add_partitions(xmlNodePtr root, const rt_taskset *ts, const rt_partition_out *parts,
                           size_t n_parts, const char *note)
{
    bool ok = true;
    bool comment = note && note[0] && !strstr(note, "--") && note[strlen(note) - 1] != '-';
    xmlNodePtr anchor = partitions_anchor(root);
    if (anchor) {
        /* each element, then the indentation of what follows it */
        if (comment)
            ok = put_at(root, anchor, xmlNewComment(X(note))) &&
                 put_at(root, anchor, xmlNewText(X("\n  ")));
        for (size_t p = 0; ok && p < n_parts; p++)
            ok = put_at(root, anchor, new_partition(ts, &parts[p])) &&
                 put_at(root, anchor, xmlNewText(X("\n  ")));
        return ok;
    }
    /* The blank text that ends the root (the line break before </taskset>) goes back last. */
    xmlNodePtr tail = is_blank_text(root->last) ? root->last : NULL;
    if (tail)
        xmlUnlinkNode(tail);
    if (comment)
        ok = put_text(root, "\n  ") && put(root, xmlNewComment(X(note)));
    for (size_t p = 0; ok && p < n_parts; p++)
        ok = put_text(root, "\n  ") && put(root, new_partition(ts, &parts[p]));
    if (tail)
        return put(root, tail) && ok;
    return ok && put_text(root, "\n");
}

int rt_taskset_write_layout(const rt_taskset *ts, const int64_t *prio,
                            const rt_partition_out *parts, size_t n_parts, const char *note,
                            char **out, size_t *len, rt_diags *d)
{
    *out = NULL;
    *len = 0;
    unsigned char sha[32];
    xmlDocPtr doc = xmlsafe_load(ts->path, XMLSAFE_TASKSET, d, sha);
    if (!doc)
        return -1;
    int rc = -1;
    bool oom = false;
    xmlChar *mem = NULL;
    int size = 0;
    if (memcmp(sha, ts->sha256, sizeof sha) != 0) {
        rt_diag_error(d, ts->path, 0, "has changed since it was analysed (its SHA-256 differs); "
                      "nothing written: run the analysis again");
        goto done;
    }
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (!set_priorities(root, ts, prio, d, &oom))
        goto done;
    drop_partitions(root);
    if (!add_partitions(root, ts, parts, n_parts, note)) {
        oom = true;
        goto done;
    }
    xmlDocDumpMemoryEnc(doc, &mem, &size, "UTF-8");
    if (!mem || size <= 0 || !(*out = malloc((size_t)size + 1))) {
        oom = true;
        goto done;
    }
    memcpy(*out, mem, (size_t)size);
    (*out)[size] = '\0';
    *len = (size_t)size;
    rc = 0;
done:
    if (oom)
        rt_diag_error(d, ts->path, 0, "out of memory while writing the task set");
    xmlFree(mem);
    xmlFreeDoc(doc);
    return rc;
}
