<?php
// Takes Cache::lock(<name>, <seconds>)->get() with Laravel's own classes (Debian's
// php-laravel-framework and php-redis), configured as a Laravel 8 app named "Laravel" configures
// them: phpredis with REDIS_PREFIX "laravel_database_" and the cache prefix "laravel_cache".
// Prints "acquired" or "refused". Usage: php laravel_cache_lock.php <port> <name> <seconds>
require_once 'Illuminate/Cache/autoload.php';
require_once 'Illuminate/Redis/autoload.php';

use Illuminate\Cache\RedisStore;
use Illuminate\Cache\Repository;
use Illuminate\Redis\RedisManager;

[, $port, $name, $seconds] = $argv;
$redis = new RedisManager(null, 'phpredis', [
    'default' => [
        'host' => '127.0.0.1',
        'port' => (int) $port,
        'database' => 0,
        'prefix' => 'laravel_database_',
    ],
]);
$cache = new Repository(new RedisStore($redis, 'laravel_cache', 'default'));
echo $cache->lock($name, (int) $seconds)->get() ? "acquired\n" : "refused\n";
