// Woodshed's entry point: parse the arguments and start the chosen job.
import WoodshedCLI

Woodshed.main()
