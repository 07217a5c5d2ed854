/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * JH7110's system pinctrl as a GPIO output (starfive,jh7110-sys-pinctrl:
 * the VisionFive 2, Star64 and Mars boards' gpio-restart on pin 35).
 * Each pin has a byte in a word of output-enable signals and one in a
 * word of output values (dev_fdt.h); the pin's byte is rewritten, the
 * three other pins' bytes of the word are kept. The value goes first,
 * then the output is enabled, so the pin never drives the old value.
 * Tested by decoding (tests/unit/test_dev_fdt.c) and on memory laid out
 * as the pinctrl is (tests/unit/test_dev_registers.c): no QEMU machine
 * has this controller.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

#define STARFIVE_GPIO_LANE_MASK 0xFFU

/* Write @byte into pin @pin's lane of the word array at @array. */
static void starfive_gpio_byte(uintptr_t array, uint32_t pin, uint32_t byte)
{
	volatile uint32_t *word = (volatile uint32_t *)(array + (pin & ~3U));
	unsigned int shift = (pin % 4) * 8;

	*word = (*word & ~(STARFIVE_GPIO_LANE_MASK << shift)) | (byte << shift);
}

static void starfive_gpio_drive(uintptr_t base, uint32_t pin, bool high)
{
	if (pin >= DEV_FDT_STARFIVE_GPIO_PINS)
		return;
	starfive_gpio_byte(base + DEV_FDT_STARFIVE_GPIO_DOUT, pin, high);
	/* output enable is active low: 0 drives the pin */
	starfive_gpio_byte(base + DEV_FDT_STARFIVE_GPIO_DOEN, pin, 0);
}

static const char *const starfive_gpio_compatible[] = {
	"starfive,jh7110-sys-pinctrl", NULL};

FW_GPIO_DRIVER(fw_gpio_starfive) = {
	.fdt = {.compatible = starfive_gpio_compatible,
		.pins = DEV_FDT_STARFIVE_GPIO_PINS,
		.span = DEV_FDT_STARFIVE_GPIO_DOUT +
			DEV_FDT_STARFIVE_GPIO_PINS},
	.drive = starfive_gpio_drive,
};
