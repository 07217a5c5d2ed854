/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ulib: what the sbipmu guest programs need from a libc beyond the
 * kernel's nolibc, for the RV32 guest (ulib.h says why and how programs
 * reach it). One section per family. System calls go through nolibc's
 * my_syscallN() macros, and ulib_result() is the one place where a raw
 * result (-errno on failure) becomes -1 with errno set. Where RV32 has
 * only the 64-bit-time variant of a call, ULIB_NR_* names that variant;
 * on RV64 the plain call takes the same 64-bit struct __kernel_timespec,
 * so the code is the same on both.
 */
#include "ulib.h"

#include <linux/futex.h>
#include <linux/sched.h>

#ifdef __NR_clock_gettime64
#define ULIB_NR_clock_gettime	__NR_clock_gettime64
#define ULIB_NR_clock_nanosleep __NR_clock_nanosleep_time64
#define ULIB_NR_ppoll		__NR_ppoll_time64
#define ULIB_NR_futex		__NR_futex_time64
#else
#define ULIB_NR_clock_gettime	__NR_clock_gettime
#define ULIB_NR_clock_nanosleep __NR_clock_nanosleep
#define ULIB_NR_ppoll		__NR_ppoll
#define ULIB_NR_futex		__NR_futex
#endif

/* fcntl64 on 32-bit: the same call, with 64-bit file locks. */
#ifdef __NR_fcntl64
#define ULIB_NR_fcntl __NR_fcntl64
#else
#define ULIB_NR_fcntl __NR_fcntl
#endif

static long ulib_result(long ret)
{
	if (ret < 0 && ret >= -MAX_ERRNO) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

/* --- printf family ---------------------------------------------------- */

/*
 * One formatter writes into a sink: the caller's buffer (snprintf), or a
 * small buffer flushed to a file descriptor whenever it fills (dprintf),
 * so that a line of up to ULIB_OUT_BUF bytes reaches the console in one
 * write() and is not interleaved with another process's output.
 */
#define ULIB_OUT_BUF 256

struct ulib_sink {
	char *buf;
	size_t size;  /* bytes buf can hold */
	size_t len;   /* bytes in buf */
	size_t total; /* bytes produced, stored or not (the return value) */
	int fd;	      /* -1: a string; else where buf is flushed to */
	int failed;   /* a write() failed */
};

static void sink_flush(struct ulib_sink *s)
{
	size_t done = 0;

	while (s->fd >= 0 && done < s->len) {
		ssize_t n = write(s->fd, s->buf + done, s->len - done);

		if (n <= 0) {
			s->failed = 1;
			break;
		}
		done += (size_t)n;
	}
	s->len = 0;
}

static void sink_put(struct ulib_sink *s, char c)
{
	if (s->fd >= 0 && s->len == s->size)
		sink_flush(s);
	if (s->len < s->size)
		s->buf[s->len++] = c;
	s->total++;
}

static void sink_write(struct ulib_sink *s, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sink_put(s, p[i]);
}

static void sink_repeat(struct ulib_sink *s, char c, int n)
{
	for (int i = 0; i < n; i++)
		sink_put(s, c);
}

enum spec_flag {
	SPEC_LEFT = 1 << 0,  /* - */
	SPEC_PLUS = 1 << 1,  /* + */
	SPEC_SPACE = 1 << 2, /* space */
	SPEC_ZERO = 1 << 3,  /* 0 */
	SPEC_ALT = 1 << 4,   /* # */
};

enum spec_length { LEN_INT, LEN_CHAR, LEN_SHORT, LEN_LONG, LEN_LLONG };

/* One conversion specification: %[flags][width][.prec][length]conv. */
struct ulib_spec {
	unsigned int flags;
	int width;
	int prec; /* -1: none given */
	enum spec_length length;
	char conv; /* '\0' if the format ended inside the specification */
};

/* A width or precision: digits, or '*' for the next int argument. */
static const char *spec_number(const char *p, int *out, va_list *ap)
{
	const char *q = p;

	if (*q == '*') {
		*out = va_arg(*ap, int);
		return q + 1;
	}
	*out = 0;
	for (; *q >= '0' && *q <= '9'; q++)
		*out = *out * 10 + (*q - '0');
	return q;
}

/* The flag characters, in the bit order of enum spec_flag. */
static const char *spec_flags(const char *p, unsigned int *flags)
{
	static const char chars[] = "-+ 0#";
	const char *q;

	*flags = 0;
	for (q = p; *q && strchr(chars, *q); q++)
		*flags |= 1U << (strchr(chars, *q) - chars);
	return q;
}

static const char *spec_length(const char *p, enum spec_length *len)
{
	*len = LEN_INT;
	if (p[0] == 'h') {
		*len = p[1] == 'h' ? LEN_CHAR : LEN_SHORT;
		return p + (p[1] == 'h' ? 2 : 1);
	}
	if (p[0] == 'l' && p[1] == 'l') {
		*len = LEN_LLONG;
		return p + 2;
	}
	/* j is long long in nolibc; z, t and l are long-sized everywhere. */
	if (*p == 'j')
		*len = LEN_LLONG;
	else if (*p == 'l' || *p == 'z' || *p == 't')
		*len = LEN_LONG;
	else
		return p;
	return p + 1;
}

/* Parses the specification after a '%'; returns where the text resumes. */
static const char *spec_parse(const char *p, struct ulib_spec *sp, va_list *ap)
{
	p = spec_flags(p, &sp->flags);
	p = spec_number(p, &sp->width, ap);
	if (sp->width < 0) { /* a negative '*' width means '-' */
		sp->flags |= SPEC_LEFT;
		sp->width = -sp->width;
	}
	sp->prec = -1;
	if (*p == '.') {
		p = spec_number(p + 1, &sp->prec, ap);
		if (sp->prec < 0)
			sp->prec = -1;
	}
	p = spec_length(p, &sp->length);
	sp->conv = *p;
	return *p ? p + 1 : p;
}

/* prefix (sign, "0x"), zeros, then body, padded to the field width. */
static void emit_field(struct ulib_sink *s, const struct ulib_spec *sp,
		       const char *prefix, int zeros, const char *body,
		       size_t len)
{
	int plen = (int)strlen(prefix);
	int pad = sp->width - plen - zeros - (int)len;

	if (pad > 0 && (sp->flags & (SPEC_ZERO | SPEC_LEFT)) == SPEC_ZERO) {
		zeros += pad;
		pad = 0;
	}
	if (!(sp->flags & SPEC_LEFT))
		sink_repeat(s, ' ', pad);
	sink_write(s, prefix, (size_t)plen);
	sink_repeat(s, '0', zeros);
	sink_write(s, body, len);
	if (sp->flags & SPEC_LEFT)
		sink_repeat(s, ' ', pad);
}

static void sign_prefix(char *prefix, const struct ulib_spec *sp, int negative)
{
	if (negative)
		*prefix++ = '-';
	else if (sp->flags & SPEC_PLUS)
		*prefix++ = '+';
	else if (sp->flags & SPEC_SPACE)
		*prefix++ = ' ';
	*prefix = '\0';
}

static void fmt_integer(struct ulib_sink *s, struct ulib_spec *sp,
			unsigned long long v, int negative)
{
	const char *set =
		sp->conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
	unsigned int base = 10;
	char digits[24], prefix[4] = "";
	char *p = digits + sizeof(digits);
	unsigned long long left = v;
	int n, zeros;

	if (sp->conv == 'x' || sp->conv == 'X' || sp->conv == 'p')
		base = 16;
	else if (sp->conv == 'o')
		base = 8;
	if (sp->conv == 'd' || sp->conv == 'i')
		sign_prefix(prefix, sp, negative);
	else if (sp->conv == 'p' || (base == 16 && (sp->flags & SPEC_ALT) && v))
		strcpy(prefix, sp->conv == 'X' ? "0X" : "0x");
	/* C: precision 0 prints no digits for 0. */
	if (v || sp->prec != 0) {
		do {
			*--p = set[left % base];
			left /= base;
		} while (left);
	}
	n = (int)(digits + sizeof(digits) - p);
	zeros = sp->prec > n ? sp->prec - n : 0;
	if (base == 8 && (sp->flags & SPEC_ALT) && !zeros && (!n || *p != '0'))
		zeros = 1;
	if (sp->prec >= 0) /* a precision turns the 0 flag off */
		sp->flags &= ~SPEC_ZERO;
	emit_field(s, sp, prefix, zeros, p, (size_t)n);
}

/* Decimal digits of v, at least min_digits of them, into buf. */
static int utoa_pad(char *buf, unsigned long long v, int min_digits)
{
	unsigned long long left = v;
	char tmp[24];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + left % 10);
		left /= 10;
	} while (left);
	while (n < min_digits)
		tmp[n++] = '0';
	for (int i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	return n;
}

/*
 * %f for |v| < 2^64 and at most 9 decimals: the integer part and the
 * rounded, scaled fraction as two integers. perf-style figures need no
 * more; larger values print as "inf".
 */
static void fmt_double(struct ulib_sink *s, struct ulib_spec *sp, double v)
{
	int prec = sp->prec < 0 ? 6 : sp->prec > 9 ? 9 : sp->prec;
	unsigned long long scale = 1, ip, fp;
	char body[48], prefix[2];
	long double x;
	int n = 0;

	/* The sign bit, not v < 0: glibc prints -0.0 as "-0.000000". */
	sign_prefix(prefix, sp, __builtin_signbit(v) != 0);
	v = __builtin_fabs(v);
	if (v != v || v >= 18446744073709551616.0) {
		sp->flags &= ~SPEC_ZERO;
		emit_field(s, sp, prefix, 0, v != v ? "nan" : "inf", 3);
		return;
	}
	for (int i = 0; i < prec; i++)
		scale *= 10;
	ip = (unsigned long long)v;
	/*
	 * The fraction (exact: 53 bits) times 10^prec (30 bits at most) is
	 * exact in long double (RISC-V's is IEEE quad, 113 bits), so the
	 * rounding below sees true ties, as glibc's exact conversion does.
	 */
	x = (long double)(v - (double)ip) * scale;
	fp = (unsigned long long)x;
	x -= fp; /* what is left below the last digit printed */
	/* Round to nearest, a tie to even. */
	if (x > 0.5L || (x == 0.5L && ((prec ? fp : ip) & 1)))
		fp++;
	if (fp >= scale) { /* the fraction rounded up to a whole one */
		ip++;
		fp -= scale;
	}
	n = utoa_pad(body, ip, 1);
	if (prec || (sp->flags & SPEC_ALT))
		body[n++] = '.';
	if (prec)
		n += utoa_pad(body + n, fp, prec);
	emit_field(s, sp, prefix, 0, body, (size_t)n);
}

static long long arg_signed(va_list *ap, enum spec_length len)
{
	switch (len) {
	case LEN_LLONG:
		return va_arg(*ap, long long);
	case LEN_LONG:
		return va_arg(*ap, long);
	case LEN_SHORT:
		return (short)va_arg(*ap, int);
	case LEN_CHAR:
		return (signed char)va_arg(*ap, int);
	default:
		return va_arg(*ap, int);
	}
}

static unsigned long long arg_unsigned(va_list *ap, enum spec_length len)
{
	switch (len) {
	case LEN_LLONG:
		return va_arg(*ap, unsigned long long);
	case LEN_LONG:
		return va_arg(*ap, unsigned long);
	case LEN_SHORT:
		return (unsigned short)va_arg(*ap, unsigned int);
	case LEN_CHAR:
		return (unsigned char)va_arg(*ap, unsigned int);
	default:
		return va_arg(*ap, unsigned int);
	}
}

static void fmt_string(struct ulib_sink *s, struct ulib_spec *sp,
		       const char *str)
{
	size_t len;

	if (!str)
		str = "(null)";
	len = sp->prec >= 0 ? strnlen(str, (size_t)sp->prec) : strlen(str);
	sp->flags &= ~SPEC_ZERO;
	emit_field(s, sp, "", 0, str, len);
}

static void fmt_one(struct ulib_sink *s, struct ulib_spec *sp, va_list *ap)
{
	long long v;
	char c;

	switch (sp->conv) {
	case 'd':
	case 'i':
		v = arg_signed(ap, sp->length);
		fmt_integer(s, sp,
			    v < 0 ? 0ULL - (unsigned long long)v
				  : (unsigned long long)v,
			    v < 0);
		break;
	case 'u':
	case 'x':
	case 'X':
	case 'o':
		fmt_integer(s, sp, arg_unsigned(ap, sp->length), 0);
		break;
	case 'p':
		/* glibc prints a null pointer as "(nil)". */
		v = (long long)(uintptr_t)va_arg(*ap, void *);
		if (v)
			fmt_integer(s, sp, (unsigned long long)v, 0);
		else
			fmt_string(s, sp, "(nil)");
		break;
	case 'f':
	case 'F':
		fmt_double(s, sp, va_arg(*ap, double));
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		sp->flags &= ~SPEC_ZERO;
		emit_field(s, sp, "", 0, &c, 1);
		break;
	case 's':
		fmt_string(s, sp, va_arg(*ap, const char *));
		break;
	case '%':
		sink_put(s, '%');
		break;
	default: /* unknown: shown as written, like glibc */
		sink_put(s, '%');
		if (sp->conv)
			sink_put(s, sp->conv);
	}
}

static void format(struct ulib_sink *s, const char *fmt, va_list ap)
{
	struct ulib_spec sp;
	const char *p = fmt;
	va_list args;

	/* A copy, whose address can be passed down on every ABI. */
	va_copy(args, ap);
	while (*p) {
		if (*p != '%') {
			sink_put(s, *p++);
			continue;
		}
		p = spec_parse(p + 1, &sp, &args);
		fmt_one(s, &sp, &args);
	}
	va_end(args);
}

int ulib_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct ulib_sink s = {
		.buf = buf, .size = size ? size - 1 : 0, .fd = -1};

	format(&s, fmt, ap);
	if (size)
		buf[s.len] = '\0';
	return (int)s.total;
}

int ulib_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = ulib_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int ulib_vdprintf(int fd, const char *fmt, va_list ap)
{
	char buf[ULIB_OUT_BUF];
	struct ulib_sink s = {.buf = buf, .size = sizeof(buf), .fd = fd};

	format(&s, fmt, ap);
	sink_flush(&s);
	return s.failed ? -1 : (int)s.total;
}

int ulib_dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = ulib_vdprintf(fd, fmt, ap);
	va_end(ap);
	return n;
}

int ulib_vfprintf(FILE *stream, const char *fmt, va_list ap)
{
	int fd = fileno(stream);

	return fd < 0 ? -1 : ulib_vdprintf(fd, fmt, ap);
}

int ulib_fprintf(FILE *stream, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = ulib_vfprintf(stream, fmt, ap);
	va_end(ap);
	return n;
}

int ulib_vprintf(const char *fmt, va_list ap)
{
	return ulib_vdprintf(STDOUT_FILENO, fmt, ap);
}

int ulib_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = ulib_vdprintf(STDOUT_FILENO, fmt, ap);
	va_end(ap);
	return n;
}

void ulib_perror(const char *msg)
{
	const char *text = ulib_strerror(errno);

	if (msg && *msg)
		ulib_dprintf(STDERR_FILENO, "%s: %s\n", msg, text);
	else
		ulib_dprintf(STDERR_FILENO, "%s\n", text);
}

/* --- files ------------------------------------------------------------ */

/* open() flags for an fopen() mode: r, w, a, optional + and e. */
static int fopen_flags(const char *mode)
{
	int flags;

	switch (mode[0]) {
	case 'r':
		flags = O_RDONLY;
		break;
	case 'w':
		flags = O_WRONLY | O_CREAT | O_TRUNC;
		break;
	case 'a':
		flags = O_WRONLY | O_CREAT | O_APPEND;
		break;
	default:
		return -1;
	}
	if (strchr(mode, '+'))
		flags = (flags & ~O_ACCMODE) | O_RDWR;
	if (strchr(mode, 'e'))
		flags |= O_CLOEXEC;
	return flags;
}

FILE *ulib_fopen(const char *path, const char *mode)
{
	int flags = fopen_flags(mode), fd;

	if (flags < 0) {
		errno = EINVAL;
		return NULL;
	}
	fd = open(path, flags, 0666);
	return fd < 0 ? NULL : fdopen(fd, mode);
}

/* The new file takes the stream's descriptor (stdout stays fd 1). */
FILE *ulib_freopen(const char *path, const char *mode, FILE *stream)
{
	int flags = fopen_flags(mode), target = fileno(stream), fd;

	if (!path || flags < 0 || target < 0) {
		errno = EINVAL;
		return NULL;
	}
	fd = open(path, flags, 0666);
	if (fd < 0)
		return NULL;
	if (fd != target) {
		if (dup2(fd, target) < 0) {
			close(fd);
			return NULL;
		}
		close(fd);
	}
	return stream;
}

/* --- strings ---------------------------------------------------------- */

char *ulib_strstr(const char *haystack, const char *needle)
{
	size_t n = strlen(needle);

	for (const char *p = haystack; *p; p++)
		if (!strncmp(p, needle, n))
			return (char *)p;
	return n ? NULL : (char *)haystack;
}

size_t ulib_strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && strchr(accept, s[n]))
		n++;
	return n;
}

size_t ulib_strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !strchr(reject, s[n]))
		n++;
	return n;
}

char *ulib_strtok_r(char *s, const char *delim, char **save)
{
	char *tok = s ? s : *save;

	tok += ulib_strspn(tok, delim);
	if (!*tok) {
		*save = tok;
		return NULL;
	}
	*save = tok + ulib_strcspn(tok, delim);
	if (**save)
		*(*save)++ = '\0';
	return tok;
}

char *ulib_strtok(char *s, const char *delim)
{
	static char *save;

	return ulib_strtok_r(s, delim, &save);
}

/* glibc's wording, so messages read as on the RV64 guest. */
static const char *const error_text[] = {
	[0] = "Success",
	[EPERM] = "Operation not permitted",
	[ENOENT] = "No such file or directory",
	[ESRCH] = "No such process",
	[EINTR] = "Interrupted system call",
	[EIO] = "Input/output error",
	[ENXIO] = "No such device or address",
	[E2BIG] = "Argument list too long",
	[ENOEXEC] = "Exec format error",
	[EBADF] = "Bad file descriptor",
	[ECHILD] = "No child processes",
	[EAGAIN] = "Resource temporarily unavailable",
	[ENOMEM] = "Cannot allocate memory",
	[EACCES] = "Permission denied",
	[EFAULT] = "Bad address",
	[EBUSY] = "Device or resource busy",
	[EEXIST] = "File exists",
	[ENODEV] = "No such device",
	[ENOTDIR] = "Not a directory",
	[EISDIR] = "Is a directory",
	[EINVAL] = "Invalid argument",
	[EMFILE] = "Too many open files",
	[ENOSPC] = "No space left on device",
	[ESPIPE] = "Illegal seek",
	[EROFS] = "Read-only file system",
	[EPIPE] = "Broken pipe",
	[ERANGE] = "Numerical result out of range",
	[ENOSYS] = "Function not implemented",
	[EOVERFLOW] = "Value too large for defined data type",
	[EOPNOTSUPP] = "Operation not supported",
	[ETIMEDOUT] = "Connection timed out",
};

const char *ulib_strerror(int err)
{
	static char unknown[32];
	size_t n = sizeof(error_text) / sizeof(error_text[0]);

	if (err >= 0 && (size_t)err < n && error_text[err])
		return error_text[err];
	ulib_snprintf(unknown, sizeof(unknown), "Unknown error %d", err);
	return unknown;
}

/* --- processes -------------------------------------------------------- */

void ulib_exit(int status)
{
	for (;;)
		my_syscall1(__NR_exit_group, status & 0xff);
}

/*
 * Replaces or appends "name=value". The strings and arrays come from
 * malloc and are never freed: the old ones may be on the initial stack,
 * and init sets three variables once.
 */
int ulib_setenv(const char *name, const char *value, int overwrite)
{
	size_t nlen = strlen(name), n;
	char *entry, **env;

	if (!nlen || strchr(name, '=')) {
		errno = EINVAL;
		return -1;
	}
	for (n = 0; environ && environ[n]; n++)
		if (!strncmp(environ[n], name, nlen) && environ[n][nlen] == '=')
			break;
	if (environ && environ[n] && !overwrite)
		return 0;
	entry = malloc(nlen + strlen(value) + 2);
	if (!entry)
		return -1;
	ulib_snprintf(entry, nlen + strlen(value) + 2, "%s=%s", name, value);
	if (environ && environ[n]) {
		environ[n] = entry;
		return 0;
	}
	env = malloc((n + 2) * sizeof(*env));
	if (!env)
		return -1;
	if (n)
		memcpy(env, environ, n * sizeof(*env));
	env[n] = entry;
	env[n + 1] = NULL;
	environ = env;
	return 0;
}

int ulib_execv(const char *path, char *const argv[])
{
	return execve(path, argv, environ);
}

/* Each directory of $PATH in turn, as glibc does; "" is the current one. */
int ulib_execvp(const char *file, char *const argv[])
{
	const char *dirs = getenv("PATH");
	char path[PATH_MAX];
	int err = ENOENT;

	if (strchr(file, '/'))
		return ulib_execv(file, argv);
	if (!dirs)
		dirs = "/bin:/usr/bin";
	for (const char *d = dirs;; d++) { /* d++ steps over the ':' */
		size_t dlen = ulib_strcspn(d, ":");

		if (ulib_snprintf(path, sizeof(path), "%.*s%s%s", (int)dlen, d,
				  dlen ? "/" : "", file) < (int)sizeof(path)) {
			execve(path, argv, environ);
			if (errno == EACCES)
				err = EACCES;
			else if (errno != ENOENT && errno != ENOTDIR)
				return -1;
		}
		d += dlen;
		if (!*d)
			break;
	}
	errno = err;
	return -1;
}

int ulib_execl(const char *path, const char *arg, ...)
{
	va_list ap;
	int n = 0;

	va_start(ap, arg);
	for (const char *a = arg; a; a = va_arg(ap, const char *))
		n++;
	va_end(ap);
	{
		const char *argv[n + 1];

		va_start(ap, arg);
		argv[0] = arg;
		for (int i = 1; i <= n; i++)
			argv[i] = va_arg(ap, const char *);
		va_end(ap);
		return execve(path, (char *const *)argv, environ);
	}
}

/* No alarm call on RISC-V: ITIMER_REAL is the same timer. */
unsigned int ulib_alarm(unsigned int seconds)
{
	struct itimerval it = {.it_value = {.tv_sec = (long)seconds}}, old;
	unsigned int left;

	if (my_syscall3(__NR_setitimer, ITIMER_REAL, &it, &old) < 0)
		return 0;
	/* glibc's rounding of what was left of the previous alarm. */
	left = (unsigned int)old.it_value.tv_sec;
	if (old.it_value.tv_usec >= 500000 ||
	    (!left && old.it_value.tv_usec > 0))
		left++;
	return left;
}

/* ppoll with nothing to wait for and no timeout: until a signal. */
int ulib_pause(void)
{
	return (int)ulib_result(my_syscall5(ULIB_NR_ppoll, NULL, 0, NULL, NULL,
					    sizeof(sigset_t)));
}

void ulib_sync(void)
{
	my_syscall0(__NR_sync);
}

/* waitid's report as the status word of wait4 (glibc's W* macros). */
static int wait_status(const siginfo_t *si)
{
	switch (si->si_code) {
	case CLD_EXITED:
		return (si->si_status & 0xff) << 8;
	case CLD_KILLED:
		return si->si_status & 0x7f;
	case CLD_DUMPED:
		return (si->si_status & 0x7f) | 0x80;
	case CLD_STOPPED:
	case CLD_TRAPPED:
		return ((si->si_status & 0xff) << 8) | 0x7f;
	default: /* CLD_CONTINUED */
		return 0xffff;
	}
}

/*
 * RV32 has no wait4, only waitid. pid's meaning maps onto (idtype, id):
 * > 0 that child, -1 any child, 0 our process group (P_PGID 0, Linux
 * 5.4+), < -1 group -pid. With WNOHANG and no child ready, waitid
 * returns 0 and leaves si_pid 0.
 */
pid_t ulib_waitpid(pid_t pid, int *status, int options)
{
	int idtype = pid > 0 ? P_PID : pid == -1 ? P_ALL : P_PGID;
	int id = pid < -1 ? -pid : pid == -1 ? 0 : pid;
	siginfo_t si;
	long ret;

	memset(&si, 0, sizeof(si));
	ret = my_syscall5(__NR_waitid, idtype, id, &si, options | WEXITED,
			  NULL);
	if (ret < 0)
		return (pid_t)ulib_result(ret);
	if (!si.si_pid)
		return 0;
	if (status)
		*status = wait_status(&si);
	return si.si_pid;
}

pid_t ulib_wait(int *status)
{
	return ulib_waitpid(-1, status, 0);
}

/* --- time ------------------------------------------------------------- */

static void ts_to_kernel(const struct timespec *ts, struct __kernel_timespec *k)
{
	k->tv_sec = ts->tv_sec;
	k->tv_nsec = ts->tv_nsec;
}

static void ts_from_kernel(const struct __kernel_timespec *k,
			   struct timespec *ts)
{
	ts->tv_sec = (time_t)k->tv_sec;
	ts->tv_nsec = (long)k->tv_nsec;
}

int ulib_clock_gettime(clockid_t clock, struct timespec *ts)
{
	struct __kernel_timespec k;
	long ret = my_syscall2(ULIB_NR_clock_gettime, clock, &k);

	if (ret == 0)
		ts_from_kernel(&k, ts);
	return (int)ulib_result(ret);
}

int ulib_gettimeofday(struct timeval *tv, void *tz)
{
	struct timespec ts = {0};

	(void)tz; /* obsolete: always NULL in practice */
	if (ulib_clock_gettime(CLOCK_REALTIME, &ts))
		return -1;
	tv->tv_sec = ts.tv_sec;
	tv->tv_usec = ts.tv_nsec / 1000;
	return 0;
}

time_t ulib_time(time_t *t)
{
	struct timespec ts = {0};

	if (ulib_clock_gettime(CLOCK_REALTIME, &ts))
		return (time_t)-1;
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

/* Relative sleeps on CLOCK_MONOTONIC, as Linux's own nanosleep does. */
int ulib_nanosleep(const struct timespec *req, struct timespec *rem)
{
	struct __kernel_timespec kreq, krem;
	long ret;

	ts_to_kernel(req, &kreq);
	ret = my_syscall4(ULIB_NR_clock_nanosleep, CLOCK_MONOTONIC, 0, &kreq,
			  &krem);
	if (ret == -EINTR && rem)
		ts_from_kernel(&krem, rem);
	return (int)ulib_result(ret);
}

unsigned int ulib_sleep(unsigned int seconds)
{
	struct timespec ts = {.tv_sec = (time_t)seconds}, rem = ts;

	/* rem is what is left after a signal; all of it after an error. */
	if (ulib_nanosleep(&ts, &rem) == 0)
		return 0;
	return (unsigned int)rem.tv_sec + (rem.tv_nsec > 0);
}

int ulib_usleep(unsigned int usecs)
{
	struct timespec ts = {.tv_sec = (time_t)(usecs / 1000000),
			      .tv_nsec = (long)(usecs % 1000000) * 1000};

	return ulib_nanosleep(&ts, NULL);
}

/* --- poll ------------------------------------------------------------- */

int ulib_poll(struct pollfd *fds, nfds_t nfds, int timeout_ms)
{
	struct __kernel_timespec ts = {.tv_sec = timeout_ms / 1000,
				       .tv_nsec =
					       (timeout_ms % 1000) * 1000000LL};

	return (int)ulib_result(my_syscall5(ULIB_NR_ppoll, fds, nfds,
					    timeout_ms < 0 ? NULL : &ts, NULL,
					    sizeof(sigset_t)));
}

/* --- signals ---------------------------------------------------------- */

int ulib_sigaction(int sig, const struct ulib_sigaction *act,
		   struct ulib_sigaction *old)
{
	return (int)ulib_result(my_syscall4(__NR_rt_sigaction, sig, act, old,
					    sizeof(sigset_t)));
}

/* glibc's signal(): BSD semantics, the handler stays and calls restart. */
sighandler_t ulib_signal(int sig, sighandler_t handler)
{
	struct ulib_sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	if (ulib_sigaction(sig, &sa, &old))
		return SIG_ERR;
	return old.sa_handler;
}

int ulib_sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	return (int)ulib_result(my_syscall4(__NR_rt_sigprocmask, how, set, old,
					    sizeof(sigset_t)));
}

int ulib_sigemptyset(sigset_t *set)
{
	memset(set, 0, sizeof(*set));
	return 0;
}

int ulib_sigfillset(sigset_t *set)
{
	memset(set, 0xff, sizeof(*set));
	return 0;
}

/* The word of set->sig[] that holds sig, and its bit; -1 if invalid. */
static int sig_word(int sig, unsigned long *bit)
{
	if (sig < 1 || sig > _NSIG) {
		errno = EINVAL;
		return -1;
	}
	*bit = 1UL << ((sig - 1) % _NSIG_BPW);
	return (sig - 1) / _NSIG_BPW;
}

int ulib_sigaddset(sigset_t *set, int sig)
{
	unsigned long bit;
	int w = sig_word(sig, &bit);

	if (w < 0)
		return -1;
	set->sig[w] |= bit;
	return 0;
}

int ulib_sigdelset(sigset_t *set, int sig)
{
	unsigned long bit;
	int w = sig_word(sig, &bit);

	if (w < 0)
		return -1;
	set->sig[w] &= ~bit;
	return 0;
}

int ulib_sigismember(const sigset_t *set, int sig)
{
	unsigned long bit;
	int w = sig_word(sig, &bit);

	return w < 0 ? -1 : !!(set->sig[w] & bit);
}

/* --- files, memory, system calls --------------------------------------- */

int ulib_ioctl(int fd, unsigned long request, ...)
{
	unsigned long arg;
	va_list ap;

	va_start(ap, request);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return (int)ulib_result(my_syscall3(__NR_ioctl, fd, request, arg));
}

int ulib_fcntl(int fd, int cmd, ...)
{
	unsigned long arg;
	va_list ap;

	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return (int)ulib_result(my_syscall3(ULIB_NR_fcntl, fd, cmd, arg));
}

int ulib_mprotect(void *addr, size_t len, int prot)
{
	return (int)ulib_result(my_syscall3(__NR_mprotect, addr, len, prot));
}

/* glibc's name for the syslog system call. */
int ulib_klogctl(int type, char *buf, int len)
{
	return (int)ulib_result(my_syscall3(__NR_syslog, type, buf, len));
}

/* --- CPUs and scheduling ---------------------------------------------- */

int ulib_cpu_count(const cpu_set_t *set)
{
	int n = 0;

	for (size_t i = 0; i < CPU_SETSIZE / ULIB_CPU_BITS; i++)
		n += __builtin_popcountl(set->__bits[i]);
	return n;
}

int ulib_sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *set)
{
	return (int)ulib_result(
		my_syscall3(__NR_sched_setaffinity, pid, size, set));
}

/* The kernel fills its own mask size and returns it: clear the rest. */
int ulib_sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set)
{
	long ret = my_syscall3(__NR_sched_getaffinity, pid, size, set);

	if (ret < 0)
		return (int)ulib_result(ret);
	if ((size_t)ret < size)
		memset((char *)set + ret, 0, size - (size_t)ret);
	return 0;
}

int ulib_sched_getcpu(void)
{
	unsigned int cpu;
	long ret = my_syscall3(__NR_getcpu, &cpu, NULL, NULL);

	return ret < 0 ? (int)ulib_result(ret) : (int)cpu;
}

/* Number of CPUs in a sysfs list such as "0-3,6\n"; -1 if unreadable. */
static long cpu_list_count(const char *path)
{
	char buf[256], *end;
	long count = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	for (char *p = buf; *p >= '0' && *p <= '9'; p = end + 1) {
		unsigned long first = strtoul(p, &end, 10), last = first;

		if (*end == '-')
			last = strtoul(end + 1, &end, 10);
		if (last >= first)
			count += (long)(last - first + 1);
		if (*end != ',')
			break;
	}
	return count > 0 ? count : -1;
}

/*
 * Online CPUs come from sysfs, not from our affinity mask: a program
 * that pinned itself to one hart (workload) still sees every hart. The
 * mask is the fallback when /sys is not mounted.
 */
static long online_cpus(void)
{
	long n = cpu_list_count("/sys/devices/system/cpu/online");
	cpu_set_t set;

	if (n > 0)
		return n;
	if (ulib_sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return ulib_cpu_count(&set);
}

long ulib_sysconf(int name)
{
	long n;

	switch (name) {
	case _SC_NPROCESSORS_ONLN:
		return online_cpus();
	case _SC_NPROCESSORS_CONF:
		n = cpu_list_count("/sys/devices/system/cpu/possible");
		return n > 0 ? n : online_cpus();
	case _SC_PAGESIZE:
		return getpagesize();
	case _SC_CLK_TCK:
		return 100; /* USER_HZ on RISC-V Linux */
	default:
		errno = EINVAL;
		return -1;
	}
}

/* --- pthreads --------------------------------------------------------- */

#define ULIB_THREAD_STACK (256 * 1024)
#define ULIB_GUARD	  4096 /* an overflow faults, not corrupts */

/* Kept at the top of the thread's own stack mapping. */
struct ulib_thread {
	void *(*fn)(void *);
	void *arg;
	void *result;
	void *map; /* the stack mapping, unmapped by pthread_join */
	/* The thread's id; the kernel zeroes it and wakes a futex on exit. */
	int tid;
};

/*
 * Waits while *word == expected. Mutexes and condition variables use
 * private futexes (one mm); pthread_join must wait on a shared one,
 * because that is the kind the kernel wakes for CLONE_CHILD_CLEARTID,
 * and a private waiter never matches a shared waker.
 */
static long futex_wait(int *word, int expected, int private)
{
	return my_syscall6(ULIB_NR_futex, word,
			   FUTEX_WAIT | (private ? FUTEX_PRIVATE_FLAG : 0),
			   expected, NULL, NULL, 0);
}

static long futex_wake(int *word, int count)
{
	return my_syscall6(ULIB_NR_futex, word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG,
			   count, NULL, NULL, 0);
}

/* The new thread's first C code, on its own stack; ends only itself. */
static __attribute__((noreturn)) void thread_start(struct ulib_thread *th)
{
	th->result = th->fn(th->arg);
	for (;;)
		my_syscall1(__NR_exit, 0);
}

/*
 * clone() in one asm block: the child resumes after the ecall with its
 * own stack and must not return into this function, whose frame is on
 * the parent's stack; it calls thread_start straight away, with the
 * registers it inherited. RISC-V uses CLONE_BACKWARDS's argument order:
 * flags, stack, parent_tid, tls, child_tid.
 */
static long thread_clone(unsigned long flags, void *stack, int *tid,
			 struct ulib_thread *th)
{
	register long a0 __asm__("a0") = (long)flags;
	register long a1 __asm__("a1") = (long)stack;
	register long a2 __asm__("a2") = (long)tid;
	register long a3 __asm__("a3") = 0; /* tls: no CLONE_SETTLS */
	register long a4 __asm__("a4") = (long)tid;
	register long a7 __asm__("a7") = __NR_clone;

	__asm__ volatile("ecall\n\t"
			 "bnez a0, 1f\n\t"
			 "mv a0, %[th]\n\t"
			 "jalr %[start]\n"
			 "1:"
			 : "+r"(a0)
			 : "r"(a1), "r"(a2), "r"(a3), "r"(a4),
			   "r"(a7), [th] "r"(th), [start] "r"(thread_start)
			 : "memory");
	return a0;
}

int ulib_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			void *(*fn)(void *), void *arg)
{
	const unsigned long flags = CLONE_VM | CLONE_FS | CLONE_FILES |
				    CLONE_SIGHAND | CLONE_THREAD |
				    CLONE_SYSVSEM | CLONE_PARENT_SETTID |
				    CLONE_CHILD_CLEARTID;
	char *map;
	struct ulib_thread *th;
	long ret;

	if (attr)
		return EINVAL;
	map = mmap(NULL, ULIB_THREAD_STACK, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (map == MAP_FAILED)
		return EAGAIN;
	ulib_mprotect(map, ULIB_GUARD, PROT_NONE);
	th = (struct ulib_thread *)(map + ULIB_THREAD_STACK) - 1;
	*th = (struct ulib_thread){.fn = fn, .arg = arg, .map = map};
	/* The stack starts below the struct, 16-byte aligned (psABI). */
	ret = thread_clone(flags, (void *)((uintptr_t)th & ~(uintptr_t)15),
			   &th->tid, th);
	if (ret < 0) {
		munmap(map, ULIB_THREAD_STACK);
		return (int)-ret;
	}
	*thread = th;
	return 0;
}

/* CLONE_PARENT_SETTID set tid before clone returned: no race with 0. */
int ulib_pthread_join(pthread_t th, void **result)
{
	void *map = th->map;
	int tid;

	while ((tid = __atomic_load_n(&th->tid, __ATOMIC_ACQUIRE)) != 0)
		futex_wait(&th->tid, tid, 0);
	if (result)
		*result = th->result;
	munmap(map, ULIB_THREAD_STACK);
	return 0;
}

int ulib_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
	(void)attr;
	m->state = 0;
	return 0;
}

int ulib_pthread_mutex_destroy(pthread_mutex_t *m)
{
	(void)m;
	return 0;
}

/*
 * The three-state futex mutex: 1 = locked, 2 = locked and someone may
 * sleep on it, so that an unlock without waiters needs no system call.
 */
int ulib_pthread_mutex_lock(pthread_mutex_t *m)
{
	int c = 0;

	if (__atomic_compare_exchange_n(&m->state, &c, 1, 0, __ATOMIC_ACQUIRE,
					__ATOMIC_RELAXED))
		return 0;
	if (c != 2)
		c = __atomic_exchange_n(&m->state, 2, __ATOMIC_ACQUIRE);
	while (c != 0) {
		futex_wait(&m->state, 2, 1);
		c = __atomic_exchange_n(&m->state, 2, __ATOMIC_ACQUIRE);
	}
	return 0;
}

int ulib_pthread_mutex_trylock(pthread_mutex_t *m)
{
	int c = 0;

	return __atomic_compare_exchange_n(&m->state, &c, 1, 0,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)
		       ? 0
		       : EBUSY;
}

int ulib_pthread_mutex_unlock(pthread_mutex_t *m)
{
	if (__atomic_exchange_n(&m->state, 0, __ATOMIC_RELEASE) == 2)
		futex_wake(&m->state, 1);
	return 0;
}

int ulib_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
	(void)attr;
	c->seq = 0;
	return 0;
}

int ulib_pthread_cond_destroy(pthread_cond_t *c)
{
	(void)c;
	return 0;
}

/*
 * Sleep until seq moves on from the value read under the mutex: a signal
 * between the unlock and the futex wait changes seq, and the wait then
 * returns at once, so no wake-up is lost (spurious ones are allowed).
 * The mutex is taken back in state 2: other woken waiters may be
 * sleeping on it, and their unlock must wake them.
 */
int ulib_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	int seq = (int)__atomic_load_n(&c->seq, __ATOMIC_RELAXED);

	ulib_pthread_mutex_unlock(m);
	futex_wait((int *)&c->seq, seq, 1);
	while (__atomic_exchange_n(&m->state, 2, __ATOMIC_ACQUIRE) != 0)
		futex_wait(&m->state, 2, 1);
	return 0;
}

int ulib_pthread_cond_signal(pthread_cond_t *c)
{
	__atomic_fetch_add(&c->seq, 1, __ATOMIC_RELEASE);
	futex_wake((int *)&c->seq, 1);
	return 0;
}

int ulib_pthread_cond_broadcast(pthread_cond_t *c)
{
	__atomic_fetch_add(&c->seq, 1, __ATOMIC_RELEASE);
	futex_wake((int *)&c->seq, INT_MAX);
	return 0;
}
