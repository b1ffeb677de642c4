Feature: 4. Preparing the Next Round
  Transcribes the rulebook section "4. Preparing the Next Round": once the
  tiles have taken effect, every player picks up the card the player on
  their right played, the detectives in the street step back onto their
  tiles, and a new round begins.  Players are listed clockwise, so the
  player on one's right is the one listed before.

  @SD-NXT-01
  Rule: Each player takes into hand the card that the player on their right played this round
    Source: 4. Preparing the Next Round ¶84

    Example: three players hand their cards on to the left
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 002 and Green has chosen Foot Patrol 001
      And Red holds Dead End
      When Red plays Dead End
      Then Yellow holds Dead End
      And Green holds Foot Patrol 002
      And Red holds Foot Patrol 001
      And each player holds 3 cards

    Example: with four players the card goes to the next one clockwise, not across the table
      Given a game of Red, Yellow, Green and Blue
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Blue stands on House 6
      And Yellow has chosen Foot Patrol 002, Green has chosen Foot Patrol 001 and Blue has chosen Police Raid
      And Red holds Dead End
      When Red plays Dead End
      Then Yellow holds Dead End
      And Blue holds Foot Patrol 001
      And Red holds Police Raid

  @SD-NXT-02
  Rule: Detectives in the street step back onto the tile they faced
    Source: 4. Preparing the Next Round ¶84

    Example: after her Neighbor Survey, Red is back on House 2
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 002 and Green has chosen Foot Patrol 001
      And Red holds Neighbor Survey
      When Red plays Neighbor Survey
      Then round 2 begins
      And Red stands on House 2

  @SD-NXT-03
  Rule: Then a new round begins, in which every player still in the game chooses a card again
    Source: 4. Preparing the Next Round ¶84

    Example: round 2
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 002 and Green has chosen Foot Patrol 001
      And Red holds Dead End
      When Red plays Dead End
      Then round 2 begins
      And Red, Yellow and Green must choose a card

  @SD-NXT-04 @ruling
  Rule: Cards pass only between players still in the game: each takes the card of the nearest player still in the game on their right, and the card in front of a player out of the game leaves it
    Source: 4. Preparing the Next Round ¶84
    The rulebook has a player's cards leave with them (SD-POL-03) but does not
    say who then feeds the player on their left.  We close the circle over the
    empty seat, so every player still in the game keeps a full hand.

    Example: Yellow went out in an earlier round; Green takes Red's card
      Given a game of Red, Yellow, Green and Blue
      And Yellow is out of the game
      And Red stands on House 2
      And Green stands on House 5
      And Blue stands on House 6
      And Green has chosen Foot Patrol 001 and Blue has chosen Foot Patrol 002
      And Red holds Dead End
      When Red plays Dead End
      Then Green holds Dead End
      And Blue holds Foot Patrol 001
      And Red holds Foot Patrol 002
      And each player still in the game holds 3 cards

    Example: Red goes out this round; Yellow takes Green's card and Red's Police Raid leaves the game
      Given a game of Red, Yellow and Green
      And Red played Police Raid, Yellow played Dead End and Green played Foot Patrol 001
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then Yellow holds Foot Patrol 001
      And Green holds Dead End
      And Police Raid is out of the game
