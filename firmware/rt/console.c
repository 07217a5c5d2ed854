/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The M-mode console: bytes go to the console driver the device layer
 * attached (dev/dev.c; none: nowhere), plus a printf subset that is enough for
 * the banner. Output from several harts is serialised by a spinlock
 * taken per printf call.
 */
#include <stdarg.h>
#include <stdint.h>

#include "cpu/csr.h"
#include "rt/console.h"

static int console_lock_word;
static const struct fw_console_ops *console_dev;

void fw_console_attach(const struct fw_console_ops *ops)
{
	console_dev = ops;
}

void fw_console_putc(char c)
{
	if (!console_dev)
		return;
	if (c == '\n')
		console_dev->putc('\r');
	console_dev->putc(c);
}

bool fw_console_getc(char *c)
{
	return console_dev && console_dev->getc && console_dev->getc(c);
}

void fw_console_lock(void)
{
	while (__atomic_exchange_n(&console_lock_word, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&console_lock_word, __ATOMIC_RELAXED))
			;
}

void fw_console_unlock(void)
{
	__atomic_store_n(&console_lock_word, 0, __ATOMIC_RELEASE);
}

/* Long enough for any line another hart is printing (~1 ms of UART). */
#define CONSOLE_RECLAIM_SPINS 1000000UL

void fw_console_reclaim(void)
{
	unsigned long i;

	for (i = 0; i < CONSOLE_RECLAIM_SPINS; i++)
		if (!__atomic_load_n(&console_lock_word, __ATOMIC_RELAXED))
			return;
	__atomic_store_n(&console_lock_word, 0, __ATOMIC_RELEASE);
}

/* One conversion's formatting options. */
struct console_spec {
	bool left;
	char pad;
	unsigned int width;
};

static void console_emit(const struct console_spec *sp, const char *s,
			 unsigned int len)
{
	unsigned int fill = sp->width > len ? sp->width - len : 0;
	unsigned int i;

	for (i = 0; !sp->left && i < fill; i++)
		fw_console_putc(sp->pad);
	for (i = 0; i < len; i++)
		fw_console_putc(s[i]);
	for (i = 0; sp->left && i < fill; i++)
		fw_console_putc(' ');
}

/*
 * @v / @base (2-16), the remainder in *@rem, in 16-bit steps of 32-bit
 * division: a 64-bit '/' on RV32 is a call to libgcc's __udivdi3, which
 * uses registers the SBI-call path does not save (scripts/fw-fixed-regs.sh).
 */
static unsigned long long console_div(unsigned long long v, unsigned int base,
				      unsigned int *rem)
{
	unsigned long long q = 0;
	uint32_t r = 0;
	int shift;

	for (shift = 48; shift >= 0; shift -= 16) {
		/* r < base <= 16, so this stays below 2^20. */
		uint32_t part = (r << 16) | (uint32_t)((v >> shift) & 0xFFFF);

		q |= (unsigned long long)(part / base) << shift;
		r = part % base;
	}
	*rem = r;
	return q;
}

static void console_number(const struct console_spec *sp, unsigned long long v,
			   unsigned int base, bool neg)
{
	char buf[24];
	unsigned int i = sizeof(buf), digit;

	do {
		v = console_div(v, base, &digit);
		buf[--i] = "0123456789abcdef"[digit];
	} while (v);
	if (neg)
		buf[--i] = '-';
	console_emit(sp, &buf[i], sizeof(buf) - i);
}

static unsigned long long console_arg(va_list *ap, int lng, bool is_signed,
				      bool *neg)
{
	long long s;

	*neg = false;
	if (!is_signed) {
		if (lng >= 2)
			return va_arg(*ap, unsigned long long);
		if (lng == 1)
			return va_arg(*ap, unsigned long);
		return va_arg(*ap, unsigned int);
	}
	if (lng >= 2)
		s = va_arg(*ap, long long);
	else if (lng == 1)
		s = va_arg(*ap, long);
	else
		s = va_arg(*ap, int);
	*neg = s < 0;
	return *neg ? 0ULL - (unsigned long long)s : (unsigned long long)s;
}

static unsigned int console_strlen(const char *s)
{
	unsigned int n = 0;

	while (s[n])
		n++;
	return n;
}

/* Flags, width and length modifier at *fmt; returns the conversion. */
static const char *console_spec_parse(const char *fmt, struct console_spec *sp,
				      int *lng)
{
	for (; *fmt == '-' || *fmt == '0'; fmt++)
		if (*fmt == '-')
			sp->left = true;
		else
			sp->pad = '0';
	for (; *fmt >= '0' && *fmt <= '9'; fmt++)
		sp->width = sp->width * 10 + (unsigned int)(*fmt - '0');
	for (; *fmt == 'l' || *fmt == 'z'; fmt++)
		(*lng)++; /* size_t is unsigned long on RV32 and RV64 */
	return fmt;
}

/* Handle one conversion at *fmt (after '%'); returns the next character. */
static const char *console_conv(const char *fmt, va_list *ap)
{
	struct console_spec sp = {false, ' ', 0};
	unsigned long long v;
	int lng = 0;
	bool neg;
	const char *s;
	char c;

	fmt = console_spec_parse(fmt, &sp, &lng);
	switch (*fmt) {
	case 'c':
		c = (char)va_arg(*ap, int);
		console_emit(&sp, &c, 1);
		break;
	case 's':
		s = va_arg(*ap, const char *);
		s = s ? s : "(null)";
		console_emit(&sp, s, console_strlen(s));
		break;
	case 'd':
	case 'i':
	case 'u':
	case 'x':
		v = console_arg(ap, lng, *fmt == 'd' || *fmt == 'i', &neg);
		console_number(&sp, v, *fmt == 'x' ? 16 : 10, neg);
		break;
	case 'p':
		console_emit(&sp, "0x", 2);
		console_number(&sp, (uintptr_t)va_arg(*ap, void *), 16, false);
		break;
	case '\0':
		return fmt;
	default:
		fw_console_putc(*fmt);
		break;
	}
	return fmt + 1;
}

static void console_vprintf(const char *fmt, va_list ap)
{
	va_list aq;

	va_copy(aq, ap);
	while (*fmt) {
		if (*fmt != '%') {
			fw_console_putc(*fmt++);
			continue;
		}
		fmt = console_conv(fmt + 1, &aq);
	}
	va_end(aq);
}

void fw_printf_locked(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	console_vprintf(fmt, ap);
	va_end(ap);
}

void fw_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fw_console_lock();
	console_vprintf(fmt, ap);
	fw_console_unlock();
	va_end(ap);
}
