/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reset and power-off probe (dev_fdt.h): each node to the actions
 * that perform SBI SRST types, one 32-bit register update or one GPIO
 * pin driven active, or register operations on a PMIC over I2C. The
 * semantics are those of the Linux drivers the bindings were written
 * for (power/reset/syscon-poweroff.c, syscon-reboot.c, gpio-poweroff.c,
 * gpio-restart.c), of QEMU's sifive_test finisher and, for the PMICs, of
 * OpenSBI (the Linux drivers do not reset through them); where a binding leaves
 * a choice the comment at the decoder says which we made. A node is decoded
 * whole into local actions and stored only if all of them fit. Which
 * nodes are decoded, and which controllers a GPIO or I2C action may go
 * through, is the caller's drivers' say (dev_fdt_reset_drivers): each
 * decode here is one binding, named by a driver's registration.
 */
#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt.h"

#define DEV_FDT_ALL_BITS 0xFFFFFFFFu
#define DEV_FDT_GPIO_LOW 1u /* GPIO_ACTIVE_LOW, dt-bindings/gpio */
static struct dev_fdt_reset *dev_fdt_reset_add(struct dev_fdt_reset_node *c,
					       int node,
					       enum dev_fdt_reset_action act,
					       uint32_t srst)
{
	struct dev_fdt_reset *r = &c->a[c->n++];

	*r = (struct dev_fdt_reset){.action = act, .srst = srst, .node = node};
	return r;
}

static void dev_fdt_reset_write(struct dev_fdt_reset_node *c, int node,
				uint32_t srst, uint64_t addr, uint32_t value,
				uint32_t mask)
{
	struct dev_fdt_reset *r =
		dev_fdt_reset_add(c, node, DEV_FDT_RESET_WRITE32, srst);

	r->addr = addr;
	r->value = value;
	r->mask = mask;
}

/* ---- sifive,test0/1: one register, two values ---- */

const char *dev_fdt_reset_test(const void *fdt, int node,
			       const struct dev_fdt_reset_drivers *drv,
			       struct dev_fdt_reset_node *c)
{
	struct dev_fdt_range r;
	const char *why = dev_fdt_reg(fdt, node, 0, &r);

	(void)drv;
	if (why)
		return why;
	if (!dev_fdt_range_holds(&r, 0, 4))
		return "reg too small for the finisher";
	dev_fdt_reset_write(c, node, DEV_FDT_SRST_SHUTDOWN, r.base,
			    DEV_FDT_TEST_PASS, DEV_FDT_ALL_BITS);
	dev_fdt_reset_write(c, node, DEV_FDT_SRST_REBOOT, r.base,
			    DEV_FDT_TEST_RESET, DEV_FDT_ALL_BITS);
	return NULL;
}

/* ---- syscon-poweroff / syscon-reboot ---- */

/*
 * The syscon holding the register: regmap's phandle, else (the newer
 * binding) the node's parent. Linux's syscon_node_to_regmap() takes
 * only "syscon" nodes, and its registers are 32-bit unless reg-io-width
 * says otherwise, which we do not support.
 */
static const char *dev_fdt_reset_syscon_base(const void *fdt, int node,
					     struct dev_fdt_range *r)
{
	uint32_t phandle, width;
	int syscon;

	if (fdt_getprop(fdt, node, "regmap", NULL)) {
		if (!dev_fdt_u32(fdt, node, "regmap", &phandle))
			return "regmap not one phandle";
		syscon = dev_fdt_phandle_node(fdt, phandle);
	} else {
		syscon = fdt_parent_offset(fdt, node);
	}
	if (syscon < 0)
		return "regmap names no node";
	if (fdt_node_check_compatible(fdt, syscon, "syscon") != 0)
		return "regmap not a syscon";
	if (fdt_getprop(fdt, syscon, "reg-io-width", NULL) &&
	    !(dev_fdt_u32(fdt, syscon, "reg-io-width", &width) && width == 4))
		return "syscon reg-io-width other than 4";
	return dev_fdt_reg(fdt, syscon, 0, r);
}

/* An optional one-cell property: absent is fine, malformed is not. */
static bool dev_fdt_reset_opt_u32(const void *fdt, int node, const char *name,
				  uint32_t *v, bool *present)
{
	*present = fdt_getprop(fdt, node, name, NULL) != NULL;
	return !*present || dev_fdt_u32(fdt, node, name, v);
}

/*
 * value and mask as Linux reads them: value alone writes it whole; mask
 * alone is the old binding, where the mask is the value to write.
 */
static const char *dev_fdt_reset_value(const void *fdt, int node,
				       uint32_t *value, uint32_t *mask)
{
	bool has_value, has_mask;

	if (!dev_fdt_reset_opt_u32(fdt, node, "value", value, &has_value) ||
	    !dev_fdt_reset_opt_u32(fdt, node, "mask", mask, &has_mask))
		return "value or mask not one cell";
	if (!has_value && !has_mask)
		return "neither value nor mask";
	if (!has_value)
		*value = *mask;
	if (!has_value || !has_mask)
		*mask = DEV_FDT_ALL_BITS;
	return NULL;
}

static const char *dev_fdt_reset_syscon(const void *fdt, int node,
					uint32_t srst,
					struct dev_fdt_reset_node *c)
{
	struct dev_fdt_range r;
	uint32_t offset, value = 0, mask = 0;
	const char *why;

	if (!dev_fdt_u32(fdt, node, "offset", &offset))
		return "offset missing or not one cell";
	if (offset % 4)
		return "offset not 32-bit aligned";
	why = dev_fdt_reset_value(fdt, node, &value, &mask);
	if (!why)
		why = dev_fdt_reset_syscon_base(fdt, node, &r);
	if (why)
		return why;
	if (!dev_fdt_range_holds(&r, offset, 4))
		return "offset outside the syscon's reg";
	dev_fdt_reset_write(c, node, srst, r.base + offset, value, mask);
	return NULL;
}

const char *
dev_fdt_reset_syscon_poweroff(const void *fdt, int node,
			      const struct dev_fdt_reset_drivers *drv,
			      struct dev_fdt_reset_node *c)
{
	(void)drv;
	return dev_fdt_reset_syscon(fdt, node, DEV_FDT_SRST_SHUTDOWN, c);
}

const char *dev_fdt_reset_syscon_reboot(const void *fdt, int node,
					const struct dev_fdt_reset_drivers *drv,
					struct dev_fdt_reset_node *c)
{
	(void)drv;
	return dev_fdt_reset_syscon(fdt, node, DEV_FDT_SRST_REBOOT, c);
}

/* ---- gpio-poweroff / gpio-restart on a GPIO controller we drive ---- */

/* The enabled controller @ctrl, if one of @drv's gpios drives it. */
static const struct dev_fdt_gpio_driver *
dev_fdt_gpio_driver_of(const void *fdt, int ctrl,
		       const struct dev_fdt_reset_drivers *drv)
{
	const char *matched;
	int i;

	if (!dev_fdt_enabled(fdt, ctrl))
		return NULL;
	i = dev_fdt_list_match(fdt, ctrl, &drv->gpios, &matched);
	if (i < 0)
		return NULL;
	return (const void *)((const char *)drv->gpios.first +
			      (size_t)i * drv->gpios.stride);
}

/* Property names and Linux's defaults, by binding. */
struct dev_fdt_gpio_props {
	const char *idle_input; /* the pin is not driven until used */
	const char *delay[3];	/* active, inactive, wait */
	uint32_t defaults[3];
};

static const struct dev_fdt_gpio_props dev_fdt_gpio_restart = {
	"open-source",
	{"active-delay", "inactive-delay", "wait-delay"},
	{100, 100, 3000},
};
static const struct dev_fdt_gpio_props dev_fdt_gpio_poweroff = {
	"input",
	{"active-delay-ms", "inactive-delay-ms", "timeout-ms"},
	{100, 100, 3000},
};

/* gpios = <&controller pin flags>: the first specifier only. */
static const char *
dev_fdt_reset_gpio_pin(const void *fdt, int node,
		       const struct dev_fdt_reset_drivers *drv,
		       struct dev_fdt_reset *r)
{
	int len, ctrl;
	const fdt32_t *g = fdt_getprop(fdt, node, "gpios", &len);
	const struct dev_fdt_gpio_driver *k;
	uint32_t cells, pins;
	struct dev_fdt_range reg;
	const char *why;

	if (!g || len < 4 || len % 4)
		return "gpios missing or not whole cells";
	ctrl = dev_fdt_phandle_node(fdt, fdt32_ld(&g[0]));
	if (ctrl < 0)
		return "gpios names no node";
	k = dev_fdt_gpio_driver_of(fdt, ctrl, drv);
	if (!k)
		return "gpio controller not an enabled one we drive";
	if (!dev_fdt_u32(fdt, ctrl, "#gpio-cells", &cells) || cells != 2)
		return "gpio controller #gpio-cells not 2";
	if (len < 12)
		return "gpios cut short";
	pins = k->pins;
	(void)dev_fdt_u32(fdt, ctrl, "ngpios", &pins);
	r->pin = fdt32_ld(&g[1]);
	r->active_low = (fdt32_ld(&g[2]) & DEV_FDT_GPIO_LOW) != 0;
	if (r->pin >= pins || r->pin >= k->pins)
		return "gpio pin beyond the controller's";
	why = dev_fdt_reg(fdt, ctrl, 0, &reg);
	if (why)
		return why;
	if (!dev_fdt_range_holds(&reg, 0, k->span))
		return "gpio controller reg too small";
	r->gpio_base = reg.base;
	r->gpio = k;
	return NULL;
}

static const char *dev_fdt_reset_gpio(const void *fdt, int node, uint32_t srst,
				      const struct dev_fdt_gpio_props *p,
				      const struct dev_fdt_reset_drivers *drv,
				      struct dev_fdt_reset_node *c)
{
	struct dev_fdt_reset *r =
		dev_fdt_reset_add(c, node, DEV_FDT_RESET_GPIO, srst);
	uint32_t *delay[3] = {&r->active_delay_ms, &r->inactive_delay_ms,
			      &r->wait_delay_ms};
	bool present;

	for (int i = 0; i < 3; i++) {
		*delay[i] = p->defaults[i];
		if (!dev_fdt_reset_opt_u32(fdt, node, p->delay[i], delay[i],
					   &present))
			return "a delay not one cell";
	}
	r->open_source = fdt_getprop(fdt, node, p->idle_input, NULL) != NULL;
	return dev_fdt_reset_gpio_pin(fdt, node, drv, r);
}

const char *dev_fdt_reset_gpio_poweroff(const void *fdt, int node,
					const struct dev_fdt_reset_drivers *drv,
					struct dev_fdt_reset_node *c)
{
	return dev_fdt_reset_gpio(fdt, node, DEV_FDT_SRST_SHUTDOWN,
				  &dev_fdt_gpio_poweroff, drv, c);
}

const char *dev_fdt_reset_gpio_restart(const void *fdt, int node,
				       const struct dev_fdt_reset_drivers *drv,
				       struct dev_fdt_reset_node *c)
{
	return dev_fdt_reset_gpio(fdt, node, DEV_FDT_SRST_REBOOT,
				  &dev_fdt_gpio_restart, drv, c);
}

/* ---- PMICs and MCUs on an I2C bus ---- */

/*
 * What each device is told, as OpenSBI 1.5.1 does it (fu740.c,
 * jh7110.c, fdt_reset_sg2042_hwmon_mcu.c). DA9063: page 2 selected and
 * read back, the device id (0x81) must be 0x61, else nothing is written;
 * then page 0 and CONTROL_F (0x13) SHUTDOWN (bit 1), or for a reboot
 * the watchdog scale of CONTROL_D (0x11, bits 0-2) cleared, CONTROL_F
 * WAKEUP (bit 2) and CONTROL_A (0x0E) M_POWER1_EN | M_POWER_EN |
 * STANDBY (0x68). AXP15060: register 0x32, bit 7 powers off, bit 6
 * restarts. SG2042's MCU: command register 3, 2 powers off, 7 reboots.
 */
static const struct dev_fdt_i2c_op dev_fdt_da9063_off[] = {
	{DEV_FDT_I2C_WRITE, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x81, 0x61, 0},
	{DEV_FDT_I2C_WRITE, 0x00, 0x00, 0},
	{DEV_FDT_I2C_WRITE, 0x13, 0x02, 0},
};
static const struct dev_fdt_i2c_op dev_fdt_da9063_reboot[] = {
	{DEV_FDT_I2C_WRITE, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x81, 0x61, 0},
	{DEV_FDT_I2C_WRITE, 0x00, 0x00, 0},
	{DEV_FDT_I2C_UPDATE, 0x11, 0x00, 0x07},
	{DEV_FDT_I2C_WRITE, 0x13, 0x04, 0},
	{DEV_FDT_I2C_WRITE, 0x0E, 0x68, 0},
};
static const struct dev_fdt_i2c_op dev_fdt_axp15060_off[] = {
	{DEV_FDT_I2C_UPDATE, 0x32, 0x80, 0x80},
};
static const struct dev_fdt_i2c_op dev_fdt_axp15060_reboot[] = {
	{DEV_FDT_I2C_UPDATE, 0x32, 0x40, 0x40},
};
static const struct dev_fdt_i2c_op dev_fdt_sg2042_off[] = {
	{DEV_FDT_I2C_WRITE, 0x03, 0x02, 0},
};
static const struct dev_fdt_i2c_op dev_fdt_sg2042_reboot[] = {
	{DEV_FDT_I2C_WRITE, 0x03, 0x07, 0},
};

struct dev_fdt_i2c_scripts {
	const struct dev_fdt_i2c_op *off, *reboot;
	unsigned int n_off, n_reboot;
};

#define DEV_FDT_N_OPS(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The bus's first clock, when JH7110's system clock controller gives
 * it: its register, to be turned on before the bus is used. Any other
 * clock provider is left alone (the earlier stages keep it running).
 */
static const char *dev_fdt_reset_i2c_clock(const void *fdt, int bus,
					   struct dev_fdt_reset *r)
{
	int len, crg;
	const fdt32_t *c = fdt_getprop(fdt, bus, "clocks", &len);
	struct dev_fdt_range reg;
	uint32_t cells;
	uint64_t off;

	if (!c || len < 4)
		return NULL;
	crg = dev_fdt_phandle_node(fdt, fdt32_ld(&c[0]));
	if (crg < 0 ||
	    fdt_node_check_compatible(fdt, crg, "starfive,jh7110-syscrg") != 0)
		return NULL;
	if (!dev_fdt_u32(fdt, crg, "#clock-cells", &cells) || cells != 1 ||
	    len < 8)
		return "i2c bus clock specifier not one cell";
	off = 4 * (uint64_t)fdt32_ld(&c[1]);
	if (dev_fdt_reg(fdt, crg, 0, &reg) ||
	    !dev_fdt_range_holds(&reg, off, 4))
		return "i2c bus clock beyond its controller's reg";
	r->i2c_clock = reg.base + off;
	return NULL;
}

/* A SHIFTED bus's reg-shift and reg-io-width (defaults 0 and 1). */
static const char *dev_fdt_reset_i2c_shifted(const void *fdt, int bus,
					     struct dev_fdt_reset *r)
{
	r->i2c_reg_io_width = 1;
	if (fdt_getprop(fdt, bus, "reg-shift", NULL) &&
	    !dev_fdt_u32(fdt, bus, "reg-shift", &r->i2c_reg_shift))
		return "i2c bus reg-shift not one cell";
	if (fdt_getprop(fdt, bus, "reg-io-width", NULL) &&
	    !dev_fdt_u32(fdt, bus, "reg-io-width", &r->i2c_reg_io_width))
		return "i2c bus reg-io-width not one cell";
	if (r->i2c_reg_shift > DEV_FDT_I2C_OCORES_MAX_SHIFT)
		return "i2c bus reg-shift too large";
	if (r->i2c_reg_io_width != 1 && r->i2c_reg_io_width != 4)
		return "i2c bus reg-io-width neither 1 nor 4";
	return NULL;
}

/* The bus: the device's parent, an enabled controller of @drv's i2cs. */
static const char *
dev_fdt_reset_i2c_bus(const void *fdt, int node,
		      const struct dev_fdt_reset_drivers *drv,
		      struct dev_fdt_reset *r)
{
	int bus = fdt_parent_offset(fdt, node), i;
	const char *matched, *why;
	struct dev_fdt_range reg;
	uint64_t span;

	i = bus < 0 ? -1 : dev_fdt_list_match(fdt, bus, &drv->i2cs, &matched);
	if (i < 0 || !dev_fdt_enabled(fdt, bus))
		return "i2c bus not an enabled controller we drive";
	r->i2c = (const void *)((const char *)drv->i2cs.first +
				(size_t)i * drv->i2cs.stride);
	why = dev_fdt_reg(fdt, bus, 0, &reg);
	if (why)
		return why;
	/* FIXED: 32-bit registers; SHIFTED: as the node says */
	r->i2c_reg_shift = 0;
	r->i2c_reg_io_width = 4;
	if (r->i2c->layout == DEV_FDT_I2C_SHIFTED) {
		why = dev_fdt_reset_i2c_shifted(fdt, bus, r);
		if (why)
			return why;
	}
	/* FIXED: up to its last register; SHIFTED: its 5 registers */
	span = r->i2c->layout == DEV_FDT_I2C_FIXED
		       ? r->i2c->span
		       : (4u << r->i2c_reg_shift) + r->i2c_reg_io_width;
	if (!dev_fdt_range_holds(&reg, 0, span))
		return "i2c bus reg too small";
	r->i2c_base = reg.base;
	return dev_fdt_reset_i2c_clock(fdt, bus, r);
}

/* reg = <address>: one cell, a 7-bit address. */
static const char *dev_fdt_reset_i2c(const void *fdt, int node,
				     const struct dev_fdt_i2c_scripts *d,
				     const struct dev_fdt_reset_drivers *drv,
				     struct dev_fdt_reset_node *c)
{
	struct dev_fdt_reset r = {.action = DEV_FDT_RESET_I2C, .node = node};
	const char *why;
	int len;
	const fdt32_t *addr = fdt_getprop(fdt, node, "reg", &len);

	if (!addr || len != 4)
		return "reg not one cell";
	r.i2c_addr = fdt32_ld(addr);
	if (r.i2c_addr > 0x7F)
		return "reg not a 7-bit i2c address";
	why = dev_fdt_reset_i2c_bus(fdt, node, drv, &r);
	if (why)
		return why;
	c->a[0] = r;
	c->a[0].srst = DEV_FDT_SRST_SHUTDOWN;
	c->a[0].ops = d->off;
	c->a[0].n_ops = d->n_off;
	c->a[1] = r;
	c->a[1].srst = DEV_FDT_SRST_REBOOT;
	c->a[1].ops = d->reboot;
	c->a[1].n_ops = d->n_reboot;
	c->n = 2;
	return NULL;
}

/* ---- the PMICs and MCU: their operations, over the bus decode ---- */

static const struct dev_fdt_i2c_scripts dev_fdt_da9063 = {
	dev_fdt_da9063_off, dev_fdt_da9063_reboot,
	DEV_FDT_N_OPS(dev_fdt_da9063_off),
	DEV_FDT_N_OPS(dev_fdt_da9063_reboot)};
static const struct dev_fdt_i2c_scripts dev_fdt_axp15060 = {
	dev_fdt_axp15060_off, dev_fdt_axp15060_reboot,
	DEV_FDT_N_OPS(dev_fdt_axp15060_off),
	DEV_FDT_N_OPS(dev_fdt_axp15060_reboot)};
static const struct dev_fdt_i2c_scripts dev_fdt_sg2042_mcu = {
	dev_fdt_sg2042_off, dev_fdt_sg2042_reboot,
	DEV_FDT_N_OPS(dev_fdt_sg2042_off),
	DEV_FDT_N_OPS(dev_fdt_sg2042_reboot)};

const char *dev_fdt_reset_da9063(const void *fdt, int node,
				 const struct dev_fdt_reset_drivers *drv,
				 struct dev_fdt_reset_node *c)
{
	return dev_fdt_reset_i2c(fdt, node, &dev_fdt_da9063, drv, c);
}

const char *dev_fdt_reset_axp15060(const void *fdt, int node,
				   const struct dev_fdt_reset_drivers *drv,
				   struct dev_fdt_reset_node *c)
{
	return dev_fdt_reset_i2c(fdt, node, &dev_fdt_axp15060, drv, c);
}

const char *dev_fdt_reset_sg2042_mcu(const void *fdt, int node,
				     const struct dev_fdt_reset_drivers *drv,
				     struct dev_fdt_reset_node *c)
{
	return dev_fdt_reset_i2c(fdt, node, &dev_fdt_sg2042_mcu, drv, c);
}

/* ---- HTIF: tohost, where the console finds it ---- */

const char *dev_fdt_reset_htif(const void *fdt, int node,
			       const struct dev_fdt_reset_drivers *drv,
			       struct dev_fdt_reset_node *c)
{
	struct dev_fdt_reset *r;
	uint64_t fromhost, tohost;
	const char *why = dev_fdt_htif_regs(fdt, node, &fromhost, &tohost);

	(void)drv;
	if (why)
		return why;
	r = dev_fdt_reset_add(c, node, DEV_FDT_RESET_HTIF,
			      DEV_FDT_SRST_SHUTDOWN);
	r->addr = tohost;
	return NULL;
}

/* ---- the walk ---- */

static void dev_fdt_reset_store(struct dev_fdt_resets *out,
				const struct dev_fdt_reset_node *c,
				const struct dev_fdt_reset_driver *drv)
{
	if (c->n > DEV_FDT_MAX_RESETS - out->n) {
		out->over += c->n;
		return;
	}
	for (unsigned int i = 0; i < c->n; i++) {
		out->r[out->n] = c->a[i];
		out->r[out->n++].driver = drv;
	}
}

void dev_fdt_resets(const void *fdt, const struct dev_fdt_reset_drivers *drv,
		    struct dev_fdt_resets *out)
{
	struct dev_fdt_reset_node c;

	*out = (struct dev_fdt_resets){.first_refused = {.node = -1}};
	for (int node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node)) {
		const struct dev_fdt_reset_driver *d;
		const char *matched, *why;
		int i = dev_fdt_list_match(fdt, node, &drv->resets, &matched);

		if (i < 0 || !dev_fdt_enabled(fdt, node))
			continue;
		d = (const void *)((const char *)drv->resets.first +
				   (size_t)i * drv->resets.stride);
		c.n = 0;
		why = d->decode(fdt, node, drv, &c);
		if (!why) {
			dev_fdt_reset_store(out, &c, d);
			continue;
		}
		if (out->refused++ == 0)
			out->first_refused =
				(struct dev_fdt_reject){matched, why, node};
	}
}
