/* xmlsafe: parse an untrusted XML input from memory and validate it against an embedded schema.
 *
 * Defences, in order: the file is read and its bytes checked by taskset/filegate.c (regular
 * file, 16 MiB, no gzip, UTF-16 or NUL byte, at most FILEGATE_MAX_ATTRIBUTES attributes on one
 * element); the parser runs on memory with XML_PARSE_NONET and XML_PARSE_BIG_LINES only, so
 * entities are never substituted, no DTD is loaded and libxml2's default limits (nesting depth
 * 256, text sizes) apply; a DOCTYPE stops the parser as soon as it is seen (SAX internalSubset
 * hook), before any internal subset is read; XInclude elements and entity references are
 * rejected on the tree. libxml2 never prints: its messages are turned into located
 * diagnostics. */
#include "taskset/xmlsafe.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlversion.h>

#include "schemas.h"
#include "taskset/filegate.h"
#include "util/suggest.h"
#include "util/textesc.h"

/* libxml2 2.12 made the structured error handler take a const xmlError *. */
#if LIBXML_VERSION >= 21200
typedef const xmlError xmlsafe_xml_error;
#else
typedef xmlError xmlsafe_xml_error;
#endif

/* Each kind of file: its root element and embedded schema. */
static const struct { const char *root, *schema; size_t size; } kinds[] = {
    [XMLSAFE_TASKSET] = { "taskset", rt_schema_taskset, sizeof rt_schema_taskset },
    [XMLSAFE_GPU] = { "gpu", rt_schema_gpu, sizeof rt_schema_gpu },
    [XMLSAFE_EXPLORE] = { "explore", rt_schema_explore, sizeof rt_schema_explore },
};

/* State shared by the error handlers during one load. */
typedef struct load_state {
    const char *path;
    rt_diags *d;
    int errors;       /* errors seen in the current phase */
    int keep_all;     /* 0 while parsing: only the first parser error is meaningful */
    xmlsafe_kind kind;
} load_state;

/* ---- nodes and messages ---------------------------------------------------------------- */

bool xmlsafe_is(xmlNodePtr n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && !n->ns && xmlStrEqual(n->name, (const xmlChar *)name);
}

size_t xmlsafe_count(xmlNodePtr parent, const char *name)
{
    size_t n = 0;
    for (xmlNodePtr c = parent->children; c; c = c->next)
        n += xmlsafe_is(c, name);
    return n;
}

void *xmlsafe_alloc_children(xmlNodePtr parent, const char *name, size_t size, const char *path,
                             rt_diags *d)
{
    size_t n = xmlsafe_count(parent, name);
    if (n == 0)
        return NULL;
    void *v = calloc(n, size);
    if (!v)
        rt_diag_error(d, path, 0, "out of memory");
    return v;
}

/* A libxml2 message made printable: one line, no trailing newline, control chars escaped. */
static void clean_message(const char *msg, char *buf, size_t size)
{
    char tmp[512];
    size_t n = msg ? strlen(msg) : 0;
    if (n >= sizeof tmp)
        n = sizeof tmp - 1;
    if (msg)
        memcpy(tmp, msg, n);
    while (n > 0 && (tmp[n - 1] == '\n' || tmp[n - 1] == ' ' || tmp[n - 1] == '\r'))
        n--;
    tmp[n] = '\0';
    for (char *p = tmp; *p; p++)
        if (*p == '\n')
            *p = ' ';
    rt_textesc_quote(tmp, buf, size);
}

/* Elements carry the line where their start tag begins in _private (set while parsing, see
 * on_start_element); libxml2's own node->line is where the start tag ends. */
long xmlsafe_line(xmlNodePtr n)
{
    if (n && n->type == XML_ATTRIBUTE_NODE)
        n = n->parent;
    if (n && n->type == XML_ELEMENT_NODE && n->_private)
        return (long)(intptr_t)n->_private;
    long line = n ? xmlGetLineNo(n) : 0;
    return line > 0 ? line : 0;
}

/* An attribute the schema does not allow ("The attribute 'max_reaction' is not allowed"): the
 * did-you-mean of names (util/suggest.h) among the attributes the file's schema declares, into
 * hint ("" when none is close). */
static const char *attribute_hint(const load_state *st, const char *msg, char *hint, size_t size)
{
    static const char intro[] = "The attribute '";
    const char *a = strstr(msg, intro), *b = a ? strchr(a + sizeof intro - 1, '\'') : NULL;
    hint[0] = '\0';
    if (!b || !strstr(b, "is not allowed") || b - a > 80)
        return hint;
    char word[80], names[128][40];
    size_t n = 0;
    snprintf(word, sizeof word, "%.*s", (int)(b - a - (sizeof intro - 1)), a + sizeof intro - 1);
    static const char decl[] = "<xs:attribute name=\"";
    for (const char *p = kinds[st->kind].schema; n < 128 && (p = strstr(p, decl)); n++) {
        p += sizeof decl - 1;
        size_t len = strcspn(p, "\"");
        snprintf(names[n], sizeof names[n], "%.*s", (int)(len < 39 ? len : 39), p);
    }
    rt_suggest sg;
    rt_suggest_init(&sg, word);
    for (size_t i = 0; i < n; i++)
        rt_suggest_add(&sg, names[i]);
    return rt_suggest_hint(&sg, hint, size);
}

/* Structured handler for libxml2's parser and validator messages. */
static void on_xml_error(void *ctx, xmlsafe_xml_error *err)
{
    load_state *st = ctx;
    if (!err || err->level == XML_ERR_NONE)
        return;
    char msg[400];
    clean_message(err->message, msg, sizeof msg);
    long line = err->line > 0 ? err->line : 0;
    if (err->node) {
        long nl = xmlsafe_line((xmlNodePtr)err->node);
        if (nl > 0)
            line = nl;
    }
    if (err->level == XML_ERR_WARNING) {
        rt_diag_warning(st->d, st->path, line, "%s", msg);
        return;
    }
    st->errors++;
    /* the schema's wording does not say what the order is: a child of <taskset> or <gpu> out of place
     * gets the rule (docs/formats.md sec. 5) */
    xmlNodePtr n = (xmlNodePtr)err->node;
    const char *order = "";
    bool top = n && n->type == XML_ELEMENT_NODE && n->parent && n->parent->parent &&
               n->parent->parent->type == XML_DOCUMENT_NODE &&
               strstr(msg, "This element is not expected");
    if (top && xmlsafe_is(n->parent, "taskset"))
        order = " (the elements of <taskset> come in this order: every <kernel>, then every "
                "<task>, then the <partition>s, then the <scenario>s, then the <chain>s)";
    else if (top && xmlsafe_is(n->parent, "gpu"))
        order = " (the elements of <gpu>: at most one <sm> and one <model>, in either order, "
                "then at most one <cpu>, then the <copy-engine>s)";
    char hint[100];
    attribute_hint(st, msg, hint, sizeof hint);
    if (st->keep_all || st->errors == 1)
        rt_diag_error(st->d, st->path, line, "%s%s%s", msg, order, hint);
}

/* libxml2 also has an unstructured channel; nothing it says may reach the terminal. */
static void on_generic_error(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* ---- parsing --------------------------------------------------------------------------- */

/* SAX hook called when <!DOCTYPE name ...> has been read, before its internal subset. */
static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *public_id,
                       const xmlChar *system_id)
{
    xmlParserCtxtPtr ctxt = ctx;
    load_state *st = ctxt->_private;
    (void)name;
    (void)public_id;
    (void)system_id;
    st->errors++;
    if (st->errors == 1)
        rt_diag_error(st->d, st->path, ctxt->input ? ctxt->input->line : 0,
                      "a DOCTYPE is not allowed (DTDs and entity declarations are rejected)");
    xmlStopParser(ctxt);
}

/* SAX hook for each start tag: build the node as usual, then record the line of its '<'.
 * The parser stands on the '>' or "/>" ending the tag; a literal '<' cannot occur inside a
 * tag, so the nearest '<' before it starts the tag, and libxml2 counts lines by '\n' bytes. */
static void on_start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                             const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                             int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    xmlParserCtxtPtr ctxt = ctx;
    xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces, namespaces, nb_attributes,
                          nb_defaulted, attributes);
    xmlParserInputPtr in = ctxt->input;
    if (!ctxt->node || !in || !in->cur || !in->base || in->line <= 0)
        return;
    long line = in->line;
    const xmlChar *p = in->cur;
    while (p > in->base && *p != '<') {
        p--;
        line -= *p == '\n';
    }
    if (*p == '<' && line > 0)
        ctxt->node->_private = (void *)(intptr_t)line;
}

static xmlDocPtr parse_bytes(const unsigned char *buf, size_t len, load_state *st)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        rt_diag_error(st->d, st->path, 0, "out of memory");
        return NULL;
    }
    ctxt->_private = st;
    ctxt->sax->internalSubset = on_doctype;
    ctxt->sax->startElementNs = on_start_element;
    st->errors = 0;
    st->keep_all = 0;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, (const char *)buf, (int)len, NULL, NULL,
                                      XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    if (doc && st->errors) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    if (!doc && !st->errors)
        rt_diag_error(st->d, st->path, 0, "is not well-formed XML");
    xmlFreeParserCtxt(ctxt);
    return doc;
}

static int is_xinclude_ns(const xmlNs *ns)
{
    return ns && ns->href &&
           (xmlStrEqual(ns->href, BAD_CAST "http://www.w3.org/2001/XInclude") ||
            xmlStrEqual(ns->href, BAD_CAST "http://www.w3.org/2003/XInclude"));
}

/* Reject what a safe document may not hold; returns the number of problems. */
static int check_node(xmlNodePtr n, load_state *st)
{
    char q[100];
    switch (n->type) {
    case XML_ELEMENT_NODE:
        if (!is_xinclude_ns(n->ns))
            return 0;
        rt_diag_error(st->d, st->path, xmlsafe_line(n), "XInclude element <%s> is not allowed",
                      rt_textesc_quote((const char *)n->name, q, sizeof q));
        return 1;
    case XML_ENTITY_REF_NODE:
        rt_diag_error(st->d, st->path, xmlsafe_line(n), "entity reference &%s; is not allowed",
                      rt_textesc_quote((const char *)n->name, q, sizeof q));
        return 1;
    case XML_DTD_NODE:
    case XML_ENTITY_DECL:
    case XML_XINCLUDE_START:
    case XML_XINCLUDE_END:
        rt_diag_error(st->d, st->path, 0, "a DOCTYPE is not allowed");
        return 1;
    default:
        return 0;
    }
}

static int check_tree(xmlDocPtr doc, load_state *st)
{
    int bad = 0;
    xmlNodePtr n = doc->children;
    while (n) {
        bad += check_node(n, st);
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && !n->next) {
            n = n->parent;
            if (n == (xmlNodePtr)doc)
                n = NULL;
        }
        if (n)
            n = n->next;
    }
    return bad;
}

static int check_encoding(xmlDocPtr doc, load_state *st)
{
    const char *enc = (const char *)doc->encoding;
    if (!enc || strcasecmp(enc, "UTF-8") == 0 || strcasecmp(enc, "UTF8") == 0 ||
        strcasecmp(enc, "US-ASCII") == 0 || strcasecmp(enc, "ASCII") == 0)
        return 0;
    char q[80];
    rt_diag_error(st->d, st->path, 1, "encoding \"%s\" is not accepted; inputs must be UTF-8",
                  rt_textesc_quote(enc, q, sizeof q));
    return 1;
}

static int check_root(xmlDocPtr doc, xmlsafe_kind which, load_state *st)
{
    const char *want = kinds[which].root;
    const char *other = which == XMLSAFE_TASKSET ? "gpu" : "taskset";
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (!root) {
        rt_diag_error(st->d, st->path, 0, "no root element (expected <%s>)", want);
        return 1;
    }
    if (xmlsafe_is(root, want))
        return 0;
    char q[100];
    if (root->ns && xmlStrEqual(root->name, (const xmlChar *)want)) {
        rt_diag_error(st->d, st->path, xmlsafe_line(root), "root element <%s> is in namespace "
                      "\"%s\"; rtgpu inputs use no namespace", want,
                      rt_textesc_quote(root->ns->href ? (const char *)root->ns->href : "", q,
                                    sizeof q));
        return 1;
    }
    rt_diag_error(st->d, st->path, xmlsafe_line(root), "root element is <%s>, expected <%s>%s",
                  rt_textesc_quote((const char *)root->name, q, sizeof q), want,
                  which != XMLSAFE_EXPLORE && xmlsafe_is(root, other)
                      ? (which == XMLSAFE_TASKSET ? " (this looks like a GPU file)"
                                                  : " (this looks like a task-set file)")
                      : "");
    return 1;
}

/* ---- schema ---------------------------------------------------------------------------- */

static int validate(xmlDocPtr doc, xmlsafe_kind which, load_state *st)
{
    const char *text = kinds[which].schema;
    int size = (int)kinds[which].size - 1;
    xmlSchemaParserCtxtPtr pctx = NULL;
    xmlSchemaPtr schema = NULL;
    xmlSchemaValidCtxtPtr vctx = NULL;
    int rc = -1;

    st->errors = 0;
    st->keep_all = 1;
    pctx = xmlSchemaNewMemParserCtxt(text, size);
    if (!pctx)
        goto done;
    xmlSchemaSetParserStructuredErrors(pctx, on_xml_error, st);
    schema = xmlSchemaParse(pctx);
    if (!schema)
        goto done;
    vctx = xmlSchemaNewValidCtxt(schema);
    if (!vctx)
        goto done;
    xmlSchemaSetValidStructuredErrors(vctx, on_xml_error, st);
    rc = xmlSchemaValidateDoc(vctx, doc);
done:
    if (rc != 0 && st->errors == 0)
        rt_diag_error(st->d, st->path, 0, rc < 0 ? "internal error: cannot compile the embedded "
                      "schema" : "does not match the schema");
    xmlSchemaFreeValidCtxt(vctx);
    xmlSchemaFree(schema);
    xmlSchemaFreeParserCtxt(pctx);
    return rc == 0 ? 0 : 1;
}

/* ---- load ------------------------------------------------------------------------------ */

/* Parse and check the bytes with libxml2's handlers pointed at st. */
static xmlDocPtr load_bytes(const unsigned char *buf, size_t len, xmlsafe_kind which,
                            load_state *st)
{
    xmlDocPtr doc = parse_bytes(buf, len, st);
    if (!doc)
        return NULL;
    if (check_encoding(doc, st) || check_tree(doc, st) || check_root(doc, which, st) ||
        validate(doc, which, st)) {
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

xmlDocPtr xmlsafe_load(const char *path, xmlsafe_kind which, rt_diags *d,
                       unsigned char sha256[32])
{
    unsigned char *buf = NULL;
    size_t len = 0;
    xmlDocPtr doc = NULL;
    load_state st = {path, d, 0, 0, which};

    if (filegate_read(path, d, &buf, &len, sha256) != 0 ||
        filegate_check_attributes(path, buf, len, d) != 0)
        goto done;

    xmlInitParser();
    xmlStructuredErrorFunc old_serror = xmlStructuredError;
    void *old_sctx = xmlStructuredErrorContext;
    xmlGenericErrorFunc old_gerror = xmlGenericError;
    void *old_gctx = xmlGenericErrorContext;
    xmlSetStructuredErrorFunc(&st, on_xml_error);
    xmlSetGenericErrorFunc(NULL, on_generic_error);
    doc = load_bytes(buf, len, which, &st);
    xmlSetGenericErrorFunc(old_gctx, old_gerror);
    xmlSetStructuredErrorFunc(old_sctx, old_serror);
done:
    free(buf);
    return doc;
}
