/* ctype.c — models <ctype.h> for the "C" locale.
 *
 * glibc's classification macros read tables through __ctype_b_loc(),
 * __ctype_toupper_loc() and __ctype_tolower_loc(): isdigit(c) expands to
 * (*__ctype_b_loc())[(int)(c)] & (unsigned short)_ISdigit. The tables here
 * have glibc's exact bit layout (the _IS* values of <ctype.h>) and are valid
 * for indices -128..255, like glibc's: indices -128..-1 (a signed char or
 * EOF) classify as nothing, toupper/tolower map -128..-2 to 128..254 and
 * EOF to itself, exactly as glibc 2.36 does. The is* and to* functions are
 * provided too, for programs that call them instead of the macros. */
#include "se2_libc.h"

#include <ctype.h>
#include <stdint.h>

/* Class masks of the "C" locale (values checked against glibc). */
#define C_CNTRL ((unsigned short)_IScntrl)
#define C_TAB ((unsigned short)(_IScntrl | _ISspace | _ISblank))
#define C_VSPACE ((unsigned short)(_IScntrl | _ISspace))
#define C_SPACE ((unsigned short)(_ISspace | _ISprint | _ISblank))
#define C_PUNCT ((unsigned short)(_ISprint | _ISgraph | _ISpunct))
#define C_DIGIT                                                                \
  ((unsigned short)(_ISprint | _ISgraph | _ISdigit | _ISxdigit | _ISalnum))
#define C_UPPER                                                                \
  ((unsigned short)(_ISprint | _ISgraph | _ISalpha | _ISupper | _ISalnum))
#define C_LOWER                                                                \
  ((unsigned short)(_ISprint | _ISgraph | _ISalpha | _ISlower | _ISalnum))
#define C_UPPERX ((unsigned short)(C_UPPER | _ISxdigit))
#define C_LOWERX ((unsigned short)(C_LOWER | _ISxdigit))

/* Entry i+128 describes character i, for i in -128..255. */
static const unsigned short se2rt_ctype_b_table[384] = {
    [128 + 0 ... 128 + 8] = C_CNTRL,
    [128 + '\t'] = C_TAB,
    [128 + '\n' ... 128 + '\r'] = C_VSPACE,
    [128 + 14 ... 128 + 31] = C_CNTRL,
    [128 + ' '] = C_SPACE,
    [128 + '!' ... 128 + '/'] = C_PUNCT,
    [128 + '0' ... 128 + '9'] = C_DIGIT,
    [128 + ':' ... 128 + '@'] = C_PUNCT,
    [128 + 'A' ... 128 + 'F'] = C_UPPERX,
    [128 + 'G' ... 128 + 'Z'] = C_UPPER,
    [128 + '[' ... 128 + '`'] = C_PUNCT,
    [128 + 'a' ... 128 + 'f'] = C_LOWERX,
    [128 + 'g' ... 128 + 'z'] = C_LOWER,
    [128 + '{' ... 128 + '~'] = C_PUNCT,
    [128 + 127] = C_CNTRL,
};

static const int32_t se2rt_ctype_toupper_table[384] = {
     128,  129,  130,  131,  132,  133,  134,  135,  136,  137,  138,  139,
     140,  141,  142,  143,  144,  145,  146,  147,  148,  149,  150,  151,
     152,  153,  154,  155,  156,  157,  158,  159,  160,  161,  162,  163,
     164,  165,  166,  167,  168,  169,  170,  171,  172,  173,  174,  175,
     176,  177,  178,  179,  180,  181,  182,  183,  184,  185,  186,  187,
     188,  189,  190,  191,  192,  193,  194,  195,  196,  197,  198,  199,
     200,  201,  202,  203,  204,  205,  206,  207,  208,  209,  210,  211,
     212,  213,  214,  215,  216,  217,  218,  219,  220,  221,  222,  223,
     224,  225,  226,  227,  228,  229,  230,  231,  232,  233,  234,  235,
     236,  237,  238,  239,  240,  241,  242,  243,  244,  245,  246,  247,
     248,  249,  250,  251,  252,  253,  254,   -1,    0,    1,    2,    3,
       4,    5,    6,    7,    8,    9,   10,   11,   12,   13,   14,   15,
      16,   17,   18,   19,   20,   21,   22,   23,   24,   25,   26,   27,
      28,   29,   30,   31,   32,   33,   34,   35,   36,   37,   38,   39,
      40,   41,   42,   43,   44,   45,   46,   47,   48,   49,   50,   51,
      52,   53,   54,   55,   56,   57,   58,   59,   60,   61,   62,   63,
      64,   65,   66,   67,   68,   69,   70,   71,   72,   73,   74,   75,
      76,   77,   78,   79,   80,   81,   82,   83,   84,   85,   86,   87,
      88,   89,   90,   91,   92,   93,   94,   95,   96,   65,   66,   67,
      68,   69,   70,   71,   72,   73,   74,   75,   76,   77,   78,   79,
      80,   81,   82,   83,   84,   85,   86,   87,   88,   89,   90,  123,
     124,  125,  126,  127,  128,  129,  130,  131,  132,  133,  134,  135,
     136,  137,  138,  139,  140,  141,  142,  143,  144,  145,  146,  147,
     148,  149,  150,  151,  152,  153,  154,  155,  156,  157,  158,  159,
     160,  161,  162,  163,  164,  165,  166,  167,  168,  169,  170,  171,
     172,  173,  174,  175,  176,  177,  178,  179,  180,  181,  182,  183,
     184,  185,  186,  187,  188,  189,  190,  191,  192,  193,  194,  195,
     196,  197,  198,  199,  200,  201,  202,  203,  204,  205,  206,  207,
     208,  209,  210,  211,  212,  213,  214,  215,  216,  217,  218,  219,
     220,  221,  222,  223,  224,  225,  226,  227,  228,  229,  230,  231,
     232,  233,  234,  235,  236,  237,  238,  239,  240,  241,  242,  243,
     244,  245,  246,  247,  248,  249,  250,  251,  252,  253,  254,  255,
};

static const int32_t se2rt_ctype_tolower_table[384] = {
     128,  129,  130,  131,  132,  133,  134,  135,  136,  137,  138,  139,
     140,  141,  142,  143,  144,  145,  146,  147,  148,  149,  150,  151,
     152,  153,  154,  155,  156,  157,  158,  159,  160,  161,  162,  163,
     164,  165,  166,  167,  168,  169,  170,  171,  172,  173,  174,  175,
     176,  177,  178,  179,  180,  181,  182,  183,  184,  185,  186,  187,
     188,  189,  190,  191,  192,  193,  194,  195,  196,  197,  198,  199,
     200,  201,  202,  203,  204,  205,  206,  207,  208,  209,  210,  211,
     212,  213,  214,  215,  216,  217,  218,  219,  220,  221,  222,  223,
     224,  225,  226,  227,  228,  229,  230,  231,  232,  233,  234,  235,
     236,  237,  238,  239,  240,  241,  242,  243,  244,  245,  246,  247,
     248,  249,  250,  251,  252,  253,  254,   -1,    0,    1,    2,    3,
       4,    5,    6,    7,    8,    9,   10,   11,   12,   13,   14,   15,
      16,   17,   18,   19,   20,   21,   22,   23,   24,   25,   26,   27,
      28,   29,   30,   31,   32,   33,   34,   35,   36,   37,   38,   39,
      40,   41,   42,   43,   44,   45,   46,   47,   48,   49,   50,   51,
      52,   53,   54,   55,   56,   57,   58,   59,   60,   61,   62,   63,
      64,   97,   98,   99,  100,  101,  102,  103,  104,  105,  106,  107,
     108,  109,  110,  111,  112,  113,  114,  115,  116,  117,  118,  119,
     120,  121,  122,   91,   92,   93,   94,   95,   96,   97,   98,   99,
     100,  101,  102,  103,  104,  105,  106,  107,  108,  109,  110,  111,
     112,  113,  114,  115,  116,  117,  118,  119,  120,  121,  122,  123,
     124,  125,  126,  127,  128,  129,  130,  131,  132,  133,  134,  135,
     136,  137,  138,  139,  140,  141,  142,  143,  144,  145,  146,  147,
     148,  149,  150,  151,  152,  153,  154,  155,  156,  157,  158,  159,
     160,  161,  162,  163,  164,  165,  166,  167,  168,  169,  170,  171,
     172,  173,  174,  175,  176,  177,  178,  179,  180,  181,  182,  183,
     184,  185,  186,  187,  188,  189,  190,  191,  192,  193,  194,  195,
     196,  197,  198,  199,  200,  201,  202,  203,  204,  205,  206,  207,
     208,  209,  210,  211,  212,  213,  214,  215,  216,  217,  218,  219,
     220,  221,  222,  223,  224,  225,  226,  227,  228,  229,  230,  231,
     232,  233,  234,  235,  236,  237,  238,  239,  240,  241,  242,  243,
     244,  245,  246,  247,  248,  249,  250,  251,  252,  253,  254,  255,
};

/* The *_loc functions return the address of a pointer to entry 0. */
static const unsigned short *se2rt_ctype_b = se2rt_ctype_b_table + 128;
static const int32_t *se2rt_ctype_toupper = se2rt_ctype_toupper_table + 128;
static const int32_t *se2rt_ctype_tolower = se2rt_ctype_tolower_table + 128;

SE2_WEAK const unsigned short **__ctype_b_loc(void) { return &se2rt_ctype_b; }
SE2_WEAK const int32_t **__ctype_toupper_loc(void) {
  return &se2rt_ctype_toupper;
}
SE2_WEAK const int32_t **__ctype_tolower_loc(void) {
  return &se2rt_ctype_tolower;
}

/* The headers define some of these names as macros; we define functions. */
#undef isalnum
#undef isalpha
#undef isdigit
#undef isxdigit
#undef islower
#undef isupper
#undef isspace
#undef ispunct
#undef isprint
#undef isgraph
#undef iscntrl
#undef isblank
#undef isascii
#undef toascii
#undef toupper
#undef tolower

/* Class test for c in -128..255; 0 outside (glibc reads out of bounds). */
static int se2rt_class(int c, unsigned short mask) {
  if (c < -128 || c > 255)
    return 0;
  return se2rt_ctype_b_table[c + 128] & mask;
}

SE2_WEAK int isalnum(int c) { return se2rt_class(c, _ISalnum); }
SE2_WEAK int isalpha(int c) { return se2rt_class(c, _ISalpha); }
SE2_WEAK int isdigit(int c) { return se2rt_class(c, _ISdigit); }
SE2_WEAK int isxdigit(int c) { return se2rt_class(c, _ISxdigit); }
SE2_WEAK int islower(int c) { return se2rt_class(c, _ISlower); }
SE2_WEAK int isupper(int c) { return se2rt_class(c, _ISupper); }
SE2_WEAK int isspace(int c) { return se2rt_class(c, _ISspace); }
SE2_WEAK int ispunct(int c) { return se2rt_class(c, _ISpunct); }
SE2_WEAK int isprint(int c) { return se2rt_class(c, _ISprint); }
SE2_WEAK int isgraph(int c) { return se2rt_class(c, _ISgraph); }
SE2_WEAK int iscntrl(int c) { return se2rt_class(c, _IScntrl); }
SE2_WEAK int isblank(int c) { return se2rt_class(c, _ISblank); }
SE2_WEAK int isascii(int c) { return (c & ~0x7f) == 0; }
SE2_WEAK int toascii(int c) { return c & 0x7f; }

SE2_WEAK int toupper(int c) {
  return (c >= -128 && c < 256) ? se2rt_ctype_toupper_table[c + 128] : c;
}
SE2_WEAK int tolower(int c) {
  return (c >= -128 && c < 256) ? se2rt_ctype_tolower_table[c + 128] : c;
}
